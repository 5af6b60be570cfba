import type { DomainEvent, DomainEventType, EventOfType } from './index.js';

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
  /** A sender's chat messages of one quota day (a visitor's or a moderator's): the daily allowance and the burst limit. */
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

export type StreamKind = keyof typeof streams;

/**
 * The kind of stream each event type lives in, the one place that says so: streamOf places events
 * by it, and each stream's evolver folds exactly its kind's events. A record keyed by the union
 * makes the compiler reject an event type left out.
 */
export const streamKindOf = {
  CollegeRegistered: 'college',
  ChatRoomOpened: 'college',
  ChatRoomRenamed: 'college',
  ChatRoomArchived: 'college',
  VisitorSessionStarted: 'visitorSession',
  AdminAccountCreated: 'adminAccount',
  AdminCollegeChanged: 'adminAccount',
  AdminStatusChanged: 'adminAccount',
  AdminAccountDeleted: 'adminAccount',
  AdminSignedIn: 'adminAccount',
  AdminSignedOut: 'adminAccount',
  AdminUsernameClaimed: 'adminUsername',
  AdminUsernameReleased: 'adminUsername',
  ConfessionSubmitted: 'confession',
  ConfessionApproved: 'confession',
  ConfessionRejected: 'confession',
  ConfessionDeleted: 'confession',
  ConfessionQuotaUsed: 'sessionQuota',
  NetworkQuotaUsed: 'networkQuota',
  ConfessionLiked: 'like',
  ConfessionUnliked: 'like',
  CommentSubmitted: 'comment',
  CommentApproved: 'comment',
  CommentRejected: 'comment',
  ConfessionReported: 'reports',
  ConfessionHidden: 'reports',
  ConfessionReportsReviewed: 'reports',
  ConfessionReportsDismissed: 'reports',
  DirectMessageSent: 'directMessage',
  DirectMessageModerated: 'directMessage',
  DirectMessageAllowanceUsed: 'directMessageAllowance',
  ChatMessagePosted: 'chatMessage',
  ChatMessageRemoved: 'chatMessage',
  ChatAllowanceUsed: 'chatAllowance',
  PairMatched: 'pair',
  PairMessageSent: 'pair',
  PairEnded: 'pair',
  PairingReportFiled: 'pairingReport',
  PairingReportResolved: 'pairingReport',
  AuditChainExtended: 'auditChain',
  AuditLogExported: 'auditExport',
} as const satisfies Record<DomainEventType, StreamKind>;

/** The events a kind of stream holds (of several kinds, any of theirs). */
export type StreamEvent<K extends StreamKind> = NewEvent<
  { [T in DomainEventType]: (typeof streamKindOf)[T] extends K ? EventOfType<T> : never }[DomainEventType]
>;

/** Each kind's stream id, from the data of an event of that kind. */
const streamIdOf: { readonly [K in StreamKind]: (event: StreamEvent<K>) => string } = {
  college: ({ type, data }) => streams.college(type === 'CollegeRegistered' ? data.code : data.collegeCode),
  visitorSession: ({ data }) => streams.visitorSession(data.sessionId),
  adminAccount: ({ data }) => streams.adminAccount(data.adminId),
  adminUsername: ({ data }) => streams.adminUsername(data.username),
  confession: ({ data }) => streams.confession(data.confessionId),
  sessionQuota: ({ data }) => streams.sessionQuota(data.sessionId, data.quotaDay),
  networkQuota: ({ data }) => streams.networkQuota(data.networkKey, data.quotaDay),
  like: ({ data }) => streams.like(data.confessionId, data.sessionId),
  comment: ({ data }) => streams.comment(data.commentId),
  reports: ({ data }) => streams.reports(data.confessionId),
  directMessage: ({ data }) => streams.directMessage(data.messageId),
  chatMessage: ({ data }) => streams.chatMessage(data.messageId),
  chatAllowance: ({ data }) => streams.chatAllowance(data.sessionId, data.quotaDay),
  directMessageAllowance: ({ data }) => streams.directMessageAllowance(data.sessionId, data.quotaDay),
  pair: ({ data }) => streams.pair(data.pairId),
  pairingReport: ({ data }) => streams.pairingReport(data.reportId),
  auditChain: () => streams.auditChain(),
  auditExport: ({ data }) => streams.auditExport(data.exportId),
};

/** The stream an event belongs to, from its own data: a decision never chooses where its events go. */
export function streamOf(event: NewEvent): string {
  const place = streamIdOf[streamKindOf[event.type]] as (event: NewEvent) => string;
  return place(event);
}
