import type { DeletionResult, ModerationResult, ReportHandling } from '@secretchatbox/contracts';
import type { Moderation } from '../../common/domain/moderate-item.command.js';
import type { ConfessionState } from '../../common/domain/confession.state.js';
import {
  type DeleteConfession,
  deleteConfession,
  type ModerateConfession,
  moderateConfession,
} from './moderate-confession.decider.js';
import { type HandleReports, handleReports, type ReportsState } from './reports.decider.js';

/** Approving or rejecting a confession; an approval of a shown one is told to its college's boards. */
export const confessionModeration: Moderation<ModerateConfession, ConfessionState, ModerationResult> = {
  decider: moderateConfession,
  answer: (command) => ({ id: command.confessionId, status: command.type === 'Approve' ? 'approved' : 'rejected' }),
  published: (command, state) =>
    command.type === 'Approve' && state.collegeCode && !state.hidden
      ? { id: command.confessionId, collegeCode: state.collegeCode }
      : null,
};

export const confessionDeletion: Moderation<DeleteConfession, ConfessionState, DeletionResult> = {
  decider: deleteConfession,
  answer: (command) => ({ id: command.confessionId, status: 'deleted' }),
};

/** Reviewing or dismissing a confession's reports: the answer gives the reports as they now stand. */
export const reportsHandling: Moderation<HandleReports, ReportsState, ReportHandling> = {
  decider: handleReports,
  answer: ({ confessionId }, { confession, reports }) => ({
    id: confessionId,
    reportedCount: reports.open,
    reportsReviewed: reports.reviewed,
    hidden: confession.hidden,
  }),
};
