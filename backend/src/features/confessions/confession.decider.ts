import type {
  AuthUser,
  Category,
  ConfessionApproved,
  ConfessionDeleted,
  ConfessionHidden,
  ConfessionLiked,
  ConfessionQuotaUsed,
  ConfessionRejected,
  ConfessionReported,
  ConfessionReportsDismissed,
  ConfessionReportsReviewed,
  ConfessionSubmitted,
  ConfessionUnliked,
  NetworkQuotaUsed,
  ReasonCode,
} from '@secretchatbox/contracts';
import { messages } from '@secretchatbox/contracts';
import { AppError, conflict, notFound } from '../../common/errors.js';
import type { NewEvent, StreamView } from '../../common/event-sourcing/decider.js';
import { assertInScope } from '../../identity/scope.js';

export type ConfessionStatus = 'pending' | 'approved' | 'rejected' | 'deleted';
export type ConfessionState = Readonly<{ status: ConfessionStatus | null; collegeCode: string | null }>;
export type QuotaState = Readonly<{ used: number }>;

export const confessionStream = (confessionId: string) => `confession-${confessionId}`;
export const sessionQuotaStream = (sessionId: string, quotaDay: string) => `confessionQuota-${sessionId}-${quotaDay}`;
export const networkQuotaStream = (networkKey: string, quotaDay: string) => `networkQuota-${networkKey}-${quotaDay}`;

export function confessionView(
  confessionId: string,
): StreamView<ConfessionSubmitted | ConfessionApproved | ConfessionRejected | ConfessionDeleted, ConfessionState> {
  return {
    streamId: confessionStream(confessionId),
    initialState: () => ({ status: null, collegeCode: null }),
    evolve(state, event) {
      switch (event.type) {
        case 'ConfessionSubmitted':
          return { status: 'pending', collegeCode: event.data.collegeCode };
        case 'ConfessionApproved':
          return { ...state, status: 'approved' };
        case 'ConfessionRejected':
          return { ...state, status: 'rejected' };
        case 'ConfessionDeleted':
          return { ...state, status: 'deleted' };
      }
    },
  };
}

/** A confession moderators can act on: it exists, is not deleted, and is in the admin's college. */
function assertModeratable(state: ConfessionState, moderator: Moderator): void {
  if (state.status === null || state.status === 'deleted') throw notFound(messages.confessionNotFound);
  assertInScope(moderator, state.collegeCode);
}

export type Moderator = Pick<AuthUser, 'role' | 'collegeCode'>;

export function quotaView(streamId: string): StreamView<ConfessionQuotaUsed | NetworkQuotaUsed, QuotaState> {
  return { streamId, initialState: () => ({ used: 0 }), evolve: (state) => ({ used: state.used + 1 }) };
}

export type SubmitConfession = Readonly<{
  confessionId: string;
  sessionId: string;
  networkKey: string;
  quotaDay: string;
  collegeCode: string;
  category: Category;
  content: string;
  nickname: string | null;
}>;

export type QuotaLimits = Readonly<{ perSession: number; perNetwork: number; retryAfterSeconds: number }>;

/**
 * A submission counts against the visitor's and the network's quota of the day in the same
 * atomic append that records it, so no race can accept more than the quota.
 */
export function decideSubmission(
  command: SubmitConfession,
  states: { confession: ConfessionState; session: QuotaState; network: QuotaState },
  limits: QuotaLimits,
): { confession: NewEvent[]; session: NewEvent[]; network: NewEvent[] } {
  if (states.confession.status !== null) throw conflict('That confession was already submitted');
  if (states.session.used >= limits.perSession) {
    throw new AppError(429, messages.dailyLimitReached, undefined, limits.retryAfterSeconds);
  }
  if (states.network.used >= limits.perNetwork) {
    throw new AppError(429, messages.networkLimitReached, undefined, limits.retryAfterSeconds);
  }
  const { confessionId, sessionId, networkKey, quotaDay, collegeCode, category, content, nickname } = command;
  return {
    confession: [{ type: 'ConfessionSubmitted', data: { confessionId, collegeCode, category, content, nickname } }],
    session: [{ type: 'ConfessionQuotaUsed', data: { sessionId, quotaDay, confessionId } }],
    network: [{ type: 'NetworkQuotaUsed', data: { networkKey, quotaDay, confessionId } }],
  };
}

export type ModerateConfession =
  | { type: 'Approve'; confessionId: string }
  | { type: 'Reject'; confessionId: string; reasonCode: string | null; note: string | null }
  | { type: 'Delete'; confessionId: string; reasonCode: string | null; note: string | null };

/**
 * The first decision on a pending confession wins; a second one is told which was taken. Delete
 * works in any status, once.
 */
export function decideModeration(command: ModerateConfession, state: ConfessionState, moderator: Moderator): NewEvent[] {
  assertModeratable(state, moderator);
  const { confessionId } = command;
  switch (command.type) {
    case 'Approve':
    case 'Reject':
      if (state.status !== 'pending') throw conflict(`This confession was already ${state.status}`);
      if (command.type === 'Approve') return [{ type: 'ConfessionApproved', data: { confessionId } }];
      return [{ type: 'ConfessionRejected', data: { confessionId, reasonCode: command.reasonCode, note: command.note } }];
    case 'Delete':
      return [{ type: 'ConfessionDeleted', data: { confessionId, reasonCode: command.reasonCode, note: command.note } }];
  }
}

export type LikeState = Readonly<{ liked: boolean }>;

/** One stream per visitor and confession: liking never reads the likes of everyone else. */
export function likeView(
  confessionId: string,
  sessionId: string,
): StreamView<ConfessionLiked | ConfessionUnliked, LikeState> {
  return {
    streamId: `confessionLike-${confessionId}-${sessionId}`,
    initialState: () => ({ liked: false }),
    evolve: (_state, event) => ({ liked: event.type === 'ConfessionLiked' }),
  };
}

/** A like toggles; only an approved confession can be liked. */
export function decideLike(
  command: Readonly<{ confessionId: string; sessionId: string }>,
  states: { confession: ConfessionState; like: LikeState },
): NewEvent[] {
  if (states.confession.status !== 'approved') throw notFound(messages.confessionNotFound);
  return [{ type: states.like.liked ? 'ConfessionUnliked' : 'ConfessionLiked', data: { ...command } }];
}

/**
 * `reporters` is everyone who ever reported (one report each, for good); `open` counts the reports
 * since the last dismissal, `reviewed` says a moderator has looked at them.
 */
export type ReportsState = Readonly<{ reporters: ReadonlySet<string>; open: number; hidden: boolean; reviewed: boolean }>;

type ReportsEvent = ConfessionReported | ConfessionHidden | ConfessionReportsReviewed | ConfessionReportsDismissed;

/** All reports of one confession in one stream: that is what enforces one report per visitor. */
export function reportsView(confessionId: string): StreamView<ReportsEvent, ReportsState> {
  return {
    streamId: `confessionReports-${confessionId}`,
    initialState: () => ({ reporters: new Set(), open: 0, hidden: false, reviewed: false }),
    evolve(state, event) {
      switch (event.type) {
        case 'ConfessionReported':
          return {
            ...state,
            reporters: new Set([...state.reporters, event.data.sessionId]),
            open: state.open + 1,
            reviewed: false,
          };
        case 'ConfessionHidden':
          return { ...state, hidden: true };
        case 'ConfessionReportsReviewed':
          return { ...state, reviewed: true };
        case 'ConfessionReportsDismissed':
          return { ...state, open: 0, hidden: false, reviewed: false };
      }
    },
  };
}

export type HandleReports = Readonly<{ type: 'Review' | 'Dismiss'; confessionId: string }>;

/**
 * Review keeps the count and takes the confession out of the reported queue; dismiss sets the
 * count to 0 and shows a hidden confession again (brief section 3).
 */
export function decideReportHandling(
  command: HandleReports,
  states: { confession: ConfessionState; reports: ReportsState },
  moderator: Moderator,
): NewEvent[] {
  assertModeratable(states.confession, moderator);
  const { open, reviewed } = states.reports;
  if (open === 0 || (command.type === 'Review' && reviewed)) throw conflict(messages.noOpenReports);
  const data = { confessionId: command.confessionId, reportCount: open };
  return [{ type: command.type === 'Review' ? 'ConfessionReportsReviewed' : 'ConfessionReportsDismissed', data }];
}

export type ReportConfession = Readonly<{
  confessionId: string;
  sessionId: string;
  reason: ReasonCode;
  note: string | null;
}>;

/** At `hideAt` reports the confession leaves the feed until a moderator acts. */
export function decideReport(
  command: ReportConfession,
  states: { confession: ConfessionState; reports: ReportsState },
  hideAt: number,
): NewEvent[] {
  if (states.confession.status !== 'approved') throw notFound(messages.confessionNotFound);
  if (states.reports.reporters.has(command.sessionId)) throw conflict(messages.alreadyReported);
  const reported: NewEvent = { type: 'ConfessionReported', data: { ...command } };
  const reportCount = states.reports.open + 1;
  if (states.reports.hidden || reportCount < hideAt) return [reported];
  return [reported, { type: 'ConfessionHidden', data: { confessionId: command.confessionId, reportCount } }];
}
