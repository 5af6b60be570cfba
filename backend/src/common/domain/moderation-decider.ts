import type { AuthUser } from '@secretchatbox/contracts';
import type { Decider } from '../event-sourcing/decider.js';

export type Moderator = Pick<AuthUser, 'role' | 'collegeCode'>;

/**
 * A moderator's decision on an item within its college (a confession, its reports, a comment, a
 * direct message). The college comes from the item's own streams, never from the request: the
 * decider checks the moderator's scope against it, and the events name it.
 */
export type ModerationDecider<Command extends { moderator: Moderator }, State> = Decider<Command, State> &
  Readonly<{ collegeOf(state: State): string | null }>;
