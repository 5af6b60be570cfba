import type { ModeratedConfession } from '@secretchatbox/contracts';
import { type Outcome, useNotifyOutcome } from '../../../components/notifications/use-outcome';
import {
  useApproveCommentMutation,
  useApproveConfessionMutation,
  useDecideDirectMessageMutation,
  useDeleteConfessionMutation,
  useResolvePairingReportMutation,
  useHandleReportsMutation,
  useRejectCommentMutation,
  useRejectConfessionMutation,
} from '../api/decisions';
import type { Decision } from './decision-buttons';
import type { Ask } from './decision-dialog';
import { outcomes } from './toasts';

/** Reasons are asked of what is refused for its content (a confession, a comment), notes of every decision. */
const ask = (what: string, confirmLabel: string, tone: Ask['tone'] = 'primary'): Ask => ({
  title: `${confirmLabel} this ${what}?`,
  confirmLabel,
  withReason: what === 'confession' || what === 'comment',
  noteLabel: what === 'direct message' ? 'Admin note (optional)' : 'Note (optional)',
  tone,
});

/** Reports still waiting for a moderator: reviewed ones keep their count but are handled. */
export const hasOpenReports = (row: ModeratedConfession) => row.reportedCount > 0 && !row.reportsReviewed;

/**
 * What a moderator may decide on a confession: in the Admin Panel's queue, or in the dashboards'
 * table, where a published one can be taken down and any one deleted.
 */
export function useConfessionDecisions() {
  const [approve] = useApproveConfessionMutation();
  const [reject] = useRejectConfessionMutation();
  const [remove] = useDeleteConfessionMutation();
  const [handleReports] = useHandleReportsMutation();
  const outcome = useNotifyOutcome();
  const rejectWith = (id: string, toasts: Outcome): Decision => ({
    label: 'Reject',
    tone: 'reject',
    ask: ask('confession', 'Reject'),
    run: (note) => outcome(reject({ id, ...note }), toasts),
  });
  const deleteConfession = (id: string): Decision => ({
    label: 'Delete',
    tone: 'danger',
    ask: ask('confession', 'Delete', 'danger'),
    run: (note) => outcome(remove({ id, ...note }), outcomes.confessionDeleted),
  });
  // A published confession is taken down by rejecting it (docs/product.md, Moderation).
  const takeDown = (id: string): Decision => ({
    label: 'Reject',
    tone: 'reject',
    ask: { ...ask('confession', 'Reject'), title: 'Take down this published confession?' },
    run: (note) => outcome(reject({ id, ...note, takeDown: true }), outcomes.confessionTakenDown),
  });
  return {
    queue: (id: string): Decision[] => [
      {
        label: 'Approve',
        tone: 'approve',
        run: () => outcome(approve({ id, via: 'admin' }), outcomes.confessionApproved),
      },
      rejectWith(id, outcomes.confessionRejected),
      deleteConfession(id),
    ],
    table: (row: ModeratedConfession): Decision[] => {
      const { id } = row;
      const decisions: Decision[] = [];
      if (row.status === 'pending') {
        decisions.push(
          {
            label: 'Approve',
            tone: 'approve',
            run: () => outcome(approve({ id, via: 'alias' }), outcomes.tableApproved),
          },
          rejectWith(id, outcomes.tableRejected),
        );
      }
      if (row.status === 'approved') decisions.push(takeDown(id));
      if (hasOpenReports(row)) {
        decisions.push(
          {
            label: 'Review',
            tone: 'neutral',
            run: () => outcome(handleReports({ id, action: 'review' }), outcomes.reportReviewed),
          },
          {
            label: 'Dismiss',
            tone: 'neutral',
            run: () => outcome(handleReports({ id, action: 'dismiss' }), outcomes.reportDismissed),
          },
        );
      }
      return [...decisions, deleteConfession(id)];
    },
  };
}

export function useCommentDecisions() {
  const [approve] = useApproveCommentMutation();
  const [reject] = useRejectCommentMutation();
  const outcome = useNotifyOutcome();
  return (id: string): Decision[] => [
    { label: 'Approve', tone: 'approve', run: () => outcome(approve(id), outcomes.commentApproved) },
    {
      label: 'Reject',
      tone: 'reject',
      ask: ask('comment', 'Reject'),
      run: (note) => outcome(reject({ id, ...note }), outcomes.commentRejected),
    },
  ];
}

export function useDirectMessageDecisions() {
  const [decide] = useDecideDirectMessageMutation();
  const outcome = useNotifyOutcome();
  const decision = (id: string, label: 'Approve' | 'Reject', status: 'approved' | 'rejected'): Decision => ({
    label,
    tone: status === 'approved' ? 'approve' : 'reject',
    ask: ask('direct message', label),
    run: ({ note }) => outcome(decide({ id, status, adminNote: note }), outcomes.directMessageUpdated),
  });
  return (id: string): Decision[] => [decision(id, 'Approve', 'approved'), decision(id, 'Reject', 'rejected')];
}

/** A pairing report: dismissed, or the reported student warned; either with a note for the log. */
export function usePairingReportDecisions() {
  const [resolve] = useResolvePairingReportMutation();
  const outcome = useNotifyOutcome();
  return (id: string): Decision[] => [
    {
      label: 'Dismiss',
      tone: 'neutral',
      ask: ask('report', 'Dismiss'),
      run: ({ note }) => outcome(resolve({ id, action: 'dismiss', note }), outcomes.pairingReportDismissed),
    },
    {
      label: 'Warn',
      tone: 'reject',
      ask: ask('report', 'Warn'),
      run: ({ note }) => outcome(resolve({ id, action: 'warn', note }), outcomes.pairingReportWarned),
    },
  ];
}
