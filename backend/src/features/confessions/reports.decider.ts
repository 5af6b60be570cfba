import {
  type ConfessionHidden,
  type ConfessionReported,
  messages,
  type ReasonCode,
  streams,
} from '@secretchatbox/contracts';
import { conflict } from '../../common/errors.js';
import {
  appendsTo,
  type Decider,
  evolveParts,
  evolverOf,
  reads,
  unhandled,
} from '../../common/event-sourcing/decider.js';
import type { ModerationDecider, Moderator } from '../../common/domain/moderation-decider.js';
import {
  assertModeratable,
  assertShown,
  type ConfessionState,
  evolveConfession,
  noConfession,
} from '../../common/domain/confession.state.js';

/**
 * `reporters` is everyone who ever reported (one report each, for good); `open` counts the reports
 * since the last dismissal, `reviewed` says a moderator has looked at them.
 */
export type Reports = Readonly<{ reporters: ReadonlySet<string>; open: number; reviewed: boolean }>;
export type ReportsState = Readonly<{ confession: ConfessionState; reports: Reports }>;

const noReports: Reports = { reporters: new Set(), open: 0, reviewed: false };

const evolveReports = evolverOf(['reports'], (state: Reports, event): Reports => {
  const { type } = event;
  switch (type) {
    case 'ConfessionReported':
      return {
        ...state,
        reporters: new Set([...state.reporters, event.data.sessionId]),
        open: state.open + 1,
        reviewed: false,
      };
    case 'ConfessionReportsReviewed':
      return { ...state, reviewed: true };
    case 'ConfessionReportsDismissed':
      return { ...state, open: 0, reviewed: false };
    case 'ConfessionHidden':
      return state;
    default:
      return unhandled(type);
  }
});

const onReports = {
  streams: ({ confessionId }: { confessionId: string }) => [
    reads(streams.confession(confessionId)),
    appendsTo(streams.reports(confessionId)),
  ],
  initialState: (): ReportsState => ({ confession: noConfession, reports: noReports }),
  evolve: evolveParts<ReportsState>({ confession: evolveConfession, reports: evolveReports }),
};

export type ReportConfession = Readonly<{
  confessionId: string;
  sessionId: string;
  reason: ReasonCode;
  note: string | null;
  /** At this many open reports the confession leaves the feed until a moderator acts. */
  hideAt: number;
}>;

export const reportConfession: Decider<ReportConfession, ReportsState, ConfessionReported | ConfessionHidden> = {
  ...onReports,
  decide({ hideAt, ...report }, { confession, reports }) {
    assertShown(confession);
    if (reports.reporters.has(report.sessionId)) throw conflict(messages.alreadyReported);
    const reportCount = reports.open + 1;
    const reported = { type: 'ConfessionReported' as const, data: report };
    if (confession.hidden || reportCount < hideAt) return [reported];
    return [reported, { type: 'ConfessionHidden', data: { confessionId: report.confessionId, reportCount } }];
  },
};

export type HandleReports = Readonly<{ type: 'Review' | 'Dismiss'; confessionId: string; moderator: Moderator }>;

/**
 * Review keeps the count and takes the confession out of the reported queue; dismiss sets the
 * count to 0 and shows a hidden confession again (docs/product.md, Confessions).
 */
export const handleReports: ModerationDecider<HandleReports, ReportsState> = {
  ...onReports,
  decide({ type, confessionId, moderator }, { confession, reports }) {
    assertModeratable(confession, moderator);
    if (reports.open === 0 || (type === 'Review' && reports.reviewed)) throw conflict(messages.noOpenReports);
    const data = { confessionId, reportCount: reports.open };
    return [{ type: type === 'Review' ? 'ConfessionReportsReviewed' : 'ConfessionReportsDismissed', data }];
  },
  collegeOf: (state) => state.confession.collegeCode,
};
