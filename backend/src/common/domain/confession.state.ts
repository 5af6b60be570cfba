import { messages, streams } from '@secretchatbox/contracts';
import { notFound } from '../errors.js';
import { evolverOf, reads, unhandled } from '../event-sourcing/decider.js';
import { assertInScope } from '../../identity/scope.js';
import type { Moderator } from './moderation-decider.js';

export type ConfessionStatus = 'pending' | 'approved' | 'rejected' | 'deleted';
/**
 * A confession as every command that reads its stream sees it. `hidden` (reports hid it until a
 * moderator acts) comes from its reports stream, for the commands that read that stream too.
 */
export type ConfessionState = Readonly<{
  status: ConfessionStatus | null;
  collegeCode: string | null;
  hidden: boolean;
}>;

export const noConfession: ConfessionState = { status: null, collegeCode: null, hidden: false };

export const evolveConfession = evolverOf(
  ['confession', 'reports'],
  (state: ConfessionState, event): ConfessionState => {
    const { type } = event;
    switch (type) {
      case 'ConfessionSubmitted':
        return { status: 'pending', collegeCode: event.data.collegeCode, hidden: false };
      case 'ConfessionApproved':
        return { ...state, status: 'approved' };
      case 'ConfessionRejected':
        return { ...state, status: 'rejected' };
      case 'ConfessionDeleted':
        return { ...state, status: 'deleted' };
      case 'ConfessionHidden':
        return { ...state, hidden: true };
      case 'ConfessionReportsDismissed':
        return { ...state, hidden: false };
      // Reports count in the reports' own state: only hiding and dismissal change what visitors see.
      case 'ConfessionReported':
      case 'ConfessionReportsReviewed':
        return state;
      default:
        return unhandled(type);
    }
  },
);

/** A confession moderators can act on: it exists, is not deleted, and is in the admin's college. */
export function assertModeratable(state: ConfessionState, moderator: Moderator): void {
  if (state.status === null || state.status === 'deleted') throw notFound(messages.confessionNotFound);
  assertInScope(moderator, state.collegeCode);
}

/** Visitors act only on what the feed shows: an approved confession that reports have not hidden. */
export function assertShown(state: ConfessionState): void {
  if (state.status !== 'approved' || state.hidden) throw notFound(messages.confessionNotFound);
}

/** The streams that say whether visitors see a confession (assertShown). */
export const shownFrom = (confessionId: string) => [
  reads(streams.confession(confessionId)),
  reads(streams.reports(confessionId)),
];
