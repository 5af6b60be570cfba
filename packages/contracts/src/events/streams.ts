import type { DomainEvent } from './index.js';

/**
 * Every stream's name, in one place. A stream holds one consistency boundary: a decision reads the
 * streams it needs and appends to them at the revisions it read.
 */
export const streams = {
  college: (code: string) => `college-${code}`,
  visitorSession: (sessionId: string) => `visitorSession-${sessionId}`,
  adminAccount: (adminId: string) => `adminAccount-${adminId}`,
  /** Which account holds a username, whatever its case: what keeps usernames unique. */
  adminUsername: (username: string) => `adminUsername-${username.toLowerCase()}`,
  confession: (confessionId: string) => `confession-${confessionId}`,
  sessionQuota: (sessionId: string, quotaDay: string) => `confessionQuota-${sessionId}-${quotaDay}`,
  networkQuota: (networkKey: string, quotaDay: string) => `networkQuota-${networkKey}-${quotaDay}`,
  /** One stream per visitor and confession: liking never reads the likes of everyone else. */
  like: (confessionId: string, sessionId: string) => `confessionLike-${confessionId}-${sessionId}`,
  comment: (commentId: string) => `comment-${commentId}`,
  /** All reports of one confession in one stream: that is what enforces one report per visitor. */
  reports: (confessionId: string) => `confessionReports-${confessionId}`,
  directMessage: (messageId: string) => `directMessage-${messageId}`,
  /** One stream per chat message: senders in one room never contend for one stream's revision. */
  chatMessage: (messageId: string) => `chatMessage-${messageId}`,
  /** A visitor's chat messages of one quota day: the daily allowance and the burst limit. */
  chatAllowance: (sessionId: string, quotaDay: string) => `chatAllowance-${sessionId}-${quotaDay}`,
  directMessageAllowance: (sessionId: string, quotaDay: string) => `directMessageAllowance-${sessionId}-${quotaDay}`,
  /** A random pair: its match, its messages and its end. */
  pair: (pairId: string) => `pair-${pairId}`,
  pairingReport: (reportId: string) => `pairingReport-${reportId}`,
  /** The tamper-evident chain over every moderation event, in one total order (docs/audit.md). */
  auditChain: () => 'auditChain',
  /** One stream per export: exports never contend with each other or with the exporter's account. */
  auditExport: (exportId: string) => `auditExport-${exportId}`,
} as const;

/** An event's type and data: what a decision produces, before the command runner adds metadata. */
export type NewEvent<E extends DomainEvent = DomainEvent> = E extends DomainEvent ? Pick<E, 'type' | 'data'> : never;

/** The stream an event belongs to, from its own data: a decision never chooses where its events go. */
export function streamOf(event: NewEvent): string {
  switch (event.type) {
    case 'CollegeRegistered':
      return streams.college(event.data.code);
    case 'ChatRoomOpened':
    case 'ChatRoomRenamed':
    case 'ChatRoomArchived':
      return streams.college(event.data.collegeCode);
    case 'VisitorSessionStarted':
      return streams.visitorSession(event.data.sessionId);
    case 'AdminAccountCreated':
    case 'AdminCollegeChanged':
    case 'AdminStatusChanged':
    case 'AdminAccountDeleted':
    case 'AdminSignedIn':
    case 'AdminSignedOut':
      return streams.adminAccount(event.data.adminId);
    case 'AdminUsernameClaimed':
    case 'AdminUsernameReleased':
      return streams.adminUsername(event.data.username);
    case 'ConfessionSubmitted':
    case 'ConfessionApproved':
    case 'ConfessionRejected':
    case 'ConfessionDeleted':
      return streams.confession(event.data.confessionId);
    case 'ConfessionQuotaUsed':
      return streams.sessionQuota(event.data.sessionId, event.data.quotaDay);
    case 'NetworkQuotaUsed':
      return streams.networkQuota(event.data.networkKey, event.data.quotaDay);
    case 'ConfessionLiked':
    case 'ConfessionUnliked':
      return streams.like(event.data.confessionId, event.data.sessionId);
    case 'CommentSubmitted':
    case 'CommentApproved':
    case 'CommentRejected':
      return streams.comment(event.data.commentId);
    case 'ConfessionReported':
    case 'ConfessionHidden':
    case 'ConfessionReportsReviewed':
    case 'ConfessionReportsDismissed':
      return streams.reports(event.data.confessionId);
    case 'DirectMessageSent':
    case 'DirectMessageModerated':
      return streams.directMessage(event.data.messageId);
    case 'DirectMessageAllowanceUsed':
      return streams.directMessageAllowance(event.data.sessionId, event.data.quotaDay);
    case 'ChatMessagePosted':
    case 'ChatMessageRemoved':
      return streams.chatMessage(event.data.messageId);
    case 'ChatAllowanceUsed':
      return streams.chatAllowance(event.data.sessionId, event.data.quotaDay);
    case 'PairMatched':
    case 'PairMessageSent':
    case 'PairEnded':
      return streams.pair(event.data.pairId);
    case 'PairingReportFiled':
    case 'PairingReportResolved':
      return streams.pairingReport(event.data.reportId);
    case 'AuditChainExtended':
      return streams.auditChain();
    case 'AuditLogExported':
      return streams.auditExport(event.data.exportId);
  }
}
