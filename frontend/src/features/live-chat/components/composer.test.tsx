import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Composer } from './composer';

function renderComposer(props: { remaining?: number; sending?: boolean } = {}) {
  const onSend = jest.fn(async (_content: string) => {});
  const onLimitReached = jest.fn();
  render(
    <Composer
      roomId="room-1"
      nickname="Night Owl"
      remaining={props.remaining ?? 200}
      sending={props.sending ?? false}
      onSend={onSend}
      onLimitReached={onLimitReached}
    />,
  );
  return { onSend, onLimitReached, input: screen.getByPlaceholderText('Type your message...') };
}

describe('the chat composer', () => {
  it('sends the trimmed text on Enter and clears; Shift+Enter adds a line, up to five rows', async () => {
    const { onSend, input } = renderComposer();
    await userEvent.type(input, '  first line{Shift>}{Enter}{/Shift}second');
    expect(input).toHaveValue('  first line\nsecond');
    expect(input).toHaveAttribute('rows', '2');
    expect(onSend).not.toHaveBeenCalled();
    await userEvent.type(input, '{Enter}');
    expect(onSend).toHaveBeenCalledWith('first line\nsecond');
    expect(input).toHaveValue('');
    fireEvent.change(input, { target: { value: 'a\nb\nc\nd\ne\nf\ng' } });
    expect(input).toHaveAttribute('rows', '5');
  });

  it("refuses an empty or too long message with the contracts' words, counting as the server does", async () => {
    const { onSend, input } = renderComposer();
    const send = screen.getByRole('button', { name: 'Send message' });
    expect(send).toBeDisabled();
    await userEvent.type(input, '   {Enter}');
    expect(screen.getByText('Please enter a message before sending.')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: `${'😀'.repeat(500)}  ` } });
    expect(screen.getByText('500/500')).toBeInTheDocument();
    expect(send).toBeEnabled();
    fireEvent.change(input, { target: { value: 'x'.repeat(501) } });
    expect(send).toBeDisabled();
    await userEvent.type(input, '{Enter}');
    expect(screen.getByText('Message must be less than 500 characters')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(onSend).not.toHaveBeenCalled();
  });

  it('does not send while a send is pending', async () => {
    const { onSend, input } = renderComposer({ sending: true });
    await userEvent.type(input, 'hello{Enter}');
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled();
    expect(onSend).not.toHaveBeenCalled();
    expect(input).toHaveValue('hello');
  });

  it("is disabled with the day's note when no message is left, and a send then shows the limit", () => {
    const { onSend, onLimitReached, input } = renderComposer({ remaining: 0 });
    expect(input).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent("You've reached today's limit. Try again tomorrow.");
    fireEvent.submit(input.closest('form')!);
    expect(onLimitReached).toHaveBeenCalled();
    expect(onSend).not.toHaveBeenCalled();
  });
});
