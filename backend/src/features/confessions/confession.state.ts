import { messages, type NewEvent } from '@secretchatbox/contracts';
import { notFound } from '../../common/errors.js';
import { assertInScope } from '../../identity/scope.js';
import type { Moderator } from '../moderation/moderation-decider.js';

export type ConfessionStatus = 'pending' | 'approved' | 'rejected' | 'deleted';
/** A confession as every command that reads its stream sees it. */
export type ConfessionState = Readonly<{ status: ConfessionStatus | null; collegeCode: string | null }>;

export const noConfession: ConfessionState = { status: null, collegeCode: null };

export function evolveConfession(state: ConfessionState, event: NewEvent): ConfessionState {
  switch (event.type) {
    case 'ConfessionSubmitted':
      return { status: 'pending', collegeCode: event.data.collegeCode };
    case 'ConfessionApproved':
      return { ...state, status: 'approved' };
    case 'ConfessionRejected':
      return { ...state, status: 'rejected' };
    case 'ConfessionDeleted':
      return { ...state, status: 'deleted' };
    default:
      return state;
  }
}

/** A confession moderators can act on: it exists, is not deleted, and is in the admin's college. */
export function assertModeratable(state: ConfessionState, moderator: Moderator): void {
  if (state.status === null || state.status === 'deleted') throw notFound(messages.confessionNotFound);
  assertInScope(moderator, state.collegeCode);
}

/** Visitors act only on what the feed shows: an approved confession. */
export function assertShown(state: ConfessionState): void {
  if (state.status !== 'approved') throw notFound(messages.confessionNotFound);
}
