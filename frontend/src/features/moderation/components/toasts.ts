import type { NotifyInput } from '../../../components/notifications/use-notify';
import type { Outcome } from '../../../components/notifications/use-outcome';

const tryLater = 'Please try again later.';
const failed = (title: string) => ({ title, description: tryLater, variant: 'destructive' }) as const;
const outcome = (success: NotifyInput, failure: string): Outcome => ({
  success,
  failure: failed(failure),
  decision: true,
});

/** The moderation toasts, with matching ones for rejections and comments. */
export const outcomes = {
  confessionApproved: outcome(
    { title: 'Confession approved', description: 'The confession has been published.' },
    'Failed to approve confession',
  ),
  confessionRejected: outcome(
    { title: 'Confession rejected', description: 'The confession will not be published.' },
    'Failed to reject confession',
  ),
  confessionTakenDown: outcome(
    { title: 'Confession taken down', description: 'It is no longer published.' },
    'Failed to reject confession',
  ),
  confessionDeleted: outcome(
    { title: 'Confession deleted', description: 'The confession has been removed.' },
    'Failed to delete confession',
  ),
  commentApproved: outcome(
    { title: 'Comment approved', description: 'The comment has been published.' },
    'Failed to update comment',
  ),
  commentRejected: outcome(
    { title: 'Comment rejected', description: 'The comment will not be published.' },
    'Failed to update comment',
  ),
  directMessageUpdated: outcome(
    { title: 'Direct message updated', description: 'The status has been updated.' },
    'Failed to update direct message',
  ),
  pairingReportDismissed: outcome({ title: 'Report dismissed' }, 'Failed to resolve report'),
  pairingReportWarned: outcome(
    { title: 'Student warned', description: 'The report is resolved and logged.' },
    'Failed to resolve report',
  ),
  /** The normal and college dashboards' table. */
  tableApproved: outcome({ title: 'Confession approved' }, 'Failed to approve or reject confession'),
  tableRejected: outcome({ title: 'Confession rejected' }, 'Failed to approve or reject confession'),
  reportReviewed: outcome({ title: 'Report reviewed' }, 'Failed to handle report'),
  reportDismissed: outcome({ title: 'Report dismissed' }, 'Failed to handle report'),
  chatMessageRemoved: outcome(
    { title: 'Message removed', description: 'It has disappeared from every open chat.' },
    'Failed to remove message',
  ),
  moderatorMessagePosted: outcome(
    { title: 'Message posted', description: "The room sees it as a moderator's." },
    'Failed to send message',
  ),
};

export const fetchConfessionsFailed = failed('Failed to fetch confessions');
