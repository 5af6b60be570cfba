import { NotYetVisible } from '../../common/errors.js';

/**
 * The answer of a write, told to the room once the write is stored: when the answer comes, and
 * also on a 202, whose write is stored though not yet in the history (`known` then carries it).
 */
export async function pushedOnceStored<Answer>(
  write: Promise<Answer>,
  push: (answer: Answer) => void,
): Promise<Answer> {
  try {
    const answer = await write;
    push(answer);
    return answer;
  } catch (error) {
    if (error instanceof NotYetVisible) push(error.known as Answer);
    throw error;
  }
}
