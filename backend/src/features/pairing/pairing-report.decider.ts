import { messages, type PairingReportAction, type PairingReportResult, streams } from '@secretchatbox/contracts';
import { conflict, notFound } from '../../common/errors.js';
import { appendsTo, evolverOf, unhandled } from '../../common/event-sourcing/decider.js';
import { assertInScope } from '../../identity/scope.js';
import type { ModerationDecider, Moderator } from '../../common/domain/moderation-decider.js';

type ReportStatus = 'open' | PairingReportResult['status'];
export type PairingReportState = Readonly<{ status: ReportStatus | null; collegeCode: string | null }>;

export const statusOf = (action: PairingReportAction): PairingReportResult['status'] =>
  action === 'warn' ? 'warned' : 'dismissed';

const evolvePairingReport = evolverOf(['pairingReport'], (state: PairingReportState, event): PairingReportState => {
  const { type } = event;
  switch (type) {
    case 'PairingReportFiled':
      return { status: 'open', collegeCode: event.data.collegeCode };
    case 'PairingReportResolved':
      return { ...state, status: statusOf(event.data.action) };
    default:
      return unhandled(type);
  }
});

export type ResolvePairingReport = Readonly<{
  reportId: string;
  action: PairingReportAction;
  note: string | null;
  moderator: Moderator;
}>;

/** A moderator of the pair's college dismisses the report or warns the reported visitor; the first decision stands. */
export const resolvePairingReport: ModerationDecider<ResolvePairingReport, PairingReportState> = {
  streams: ({ reportId }) => [appendsTo(streams.pairingReport(reportId))],
  initialState: () => ({ status: null, collegeCode: null }),
  evolve: evolvePairingReport,
  decide({ moderator, reportId, action, note }, state) {
    if (state.status === null) throw notFound(messages.pairingReportNotFound);
    assertInScope(moderator, state.collegeCode);
    if (state.status !== 'open') throw conflict(messages.pairingReportResolved(state.status));
    return [{ type: 'PairingReportResolved', data: { reportId, action, note } }];
  },
  collegeOf: (state) => state.collegeCode,
};
