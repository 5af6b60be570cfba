import userEvent from '@testing-library/user-event';

/**
 * Puts `text` into the empty `field` in one paste, for a test of what a form does with what it
 * was given rather than of each key: typing renders the form once a character, and in React's
 * development build a form's test took half a second typed against a tenth pasted.
 */
export async function enterText(field: HTMLElement, text: string): Promise<void> {
  await userEvent.click(field);
  await userEvent.paste(text);
}
