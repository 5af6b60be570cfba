import { messages, streams } from '@secretchatbox/contracts';
import { conflict } from '../../common/errors.js';
import { appendsTo } from '../../common/event-sourcing/decider.js';
import type { ModerationDecider, Moderator } from '../../common/domain/moderation-decider.js';
import {
  assertModeratable,
  type ConfessionState,
  evolveConfession,
  noConfession,
} from '../../common/domain/confession.state.js';

export type ModerateConfession = Readonly<
  | { type: 'Approve'; confessionId: string; moderator: Moderator }
  | {
      type: 'Reject';
      confessionId: string;
      reasonCode: string | null;
      note: string | null;
      /** Rejects a published confession (a take-down) instead of a pending one. */
      takeDown: boolean;
      moderator: Moderator;
    }
>;

export type DeleteConfession = Readonly<{
  confessionId: string;
  reasonCode: string | null;
  note: string | null;
  moderator: Moderator;
}>;

const onConfession = {
  streams: ({ confessionId }: { confessionId: string }) => [appendsTo(streams.confession(confessionId))],
  initialState: () => noConfession,
  evolve: evolveConfession,
  collegeOf: (state: ConfessionState) => state.collegeCode,
};

/**
 * The first decision on a pending confession wins; a second one is told which was taken. A
 * published one can be taken down (rejected) when the moderator says so, once.
 */
export const moderateConfession: ModerationDecider<ModerateConfession, ConfessionState> = {
  ...onConfession,
  decide(command, state) {
    assertModeratable(state, command.moderator);
    const takeDown = command.type === 'Reject' && command.takeDown;
    const expected = takeDown ? 'approved' : 'pending';
    if (state.status !== expected) {
      if (state.status === 'pending') throw conflict(messages.confessionNotPublished);
      throw conflict(messages.alreadyDecided('confession', state.status!));
    }
    const { confessionId } = command;
    if (command.type === 'Approve') return [{ type: 'ConfessionApproved', data: { confessionId } }];
    return [{ type: 'ConfessionRejected', data: { confessionId, reasonCode: command.reasonCode, note: command.note } }];
  },
};

/** Deletion works in any status, once: the confession leaves every view, and its events stay. */
export const deleteConfession: ModerationDecider<DeleteConfession, ConfessionState> = {
  ...onConfession,
  decide({ confessionId, reasonCode, note, moderator }, state) {
    assertModeratable(state, moderator);
    return [{ type: 'ConfessionDeleted', data: { confessionId, reasonCode, note } }];
  },
};
