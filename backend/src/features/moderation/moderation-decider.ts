import type { AuthUser, ConfessionPublishedNotice } from '@secretchatbox/contracts';
import type { Decider } from '../../common/event-sourcing/decider.js';

export type Moderator = Pick<AuthUser, 'role' | 'collegeCode'>;

/**
 * A moderator's decision on an item within its college (a confession, its reports, a comment, a
 * direct message). The college comes from the item's own streams, never from the request: the
 * decider checks the moderator's scope against it, and the events name it.
 */
export type ModerationDecider<Command extends { moderator: Moderator }, State, Answer> = Decider<Command, State> &
  Readonly<{
    collegeOf(state: State): string | null;
    /** The answer to the moderator, from the command and the state after it. */
    answer(command: Command, state: State): Answer;
    /** What the decision put in a public feed, for the boards watching it. */
    published?(command: Command, state: State): ConfessionPublishedNotice | null;
  }>;
