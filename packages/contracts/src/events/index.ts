import type { AuditChainExtended, AuditLogExported } from './audit-events.js';
import type { ChatAllowanceUsed, ChatMessagePosted, ChatMessageRemoved } from './chat-events.js';
import type { ChatRoomArchived, ChatRoomOpened, ChatRoomRenamed, CollegeRegistered } from './college-events.js';
import type {
  CommentApproved,
  CommentRejected,
  CommentSubmitted,
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
} from './confession-events.js';
import type { DirectMessageAllowanceUsed, DirectMessageModerated, DirectMessageSent } from './direct-message-events.js';
import type {
  PairEnded,
  PairingReportFiled,
  PairingReportResolved,
  PairMatched,
  PairMessageSent,
} from './pairing-events.js';
import type {
  AdminAccountCreated,
  AdminAccountDeleted,
  AdminCollegeChanged,
  AdminSignedIn,
  AdminSignedOut,
  AdminStatusChanged,
  AdminUsernameClaimed,
  AdminUsernameReleased,
  VisitorSessionStarted,
} from './session-events.js';

export type * from './audit-events.js';
export * from './audit-targets.js';
export type * from './chat-events.js';
export type * from './college-events.js';
export type * from './confession-events.js';
export type * from './direct-message-events.js';
export type * from './pairing-events.js';
export type * from './session-events.js';
export * from './event.js';
export * from './streams.js';
export * from './upcasting.js';

export type DomainEvent =
  | CollegeRegistered
  | ChatRoomOpened
  | ChatRoomRenamed
  | ChatRoomArchived
  | VisitorSessionStarted
  | AdminAccountCreated
  | AdminCollegeChanged
  | AdminStatusChanged
  | AdminAccountDeleted
  | AdminSignedIn
  | AdminSignedOut
  | AdminUsernameClaimed
  | AdminUsernameReleased
  | ConfessionSubmitted
  | ConfessionQuotaUsed
  | NetworkQuotaUsed
  | ConfessionApproved
  | ConfessionRejected
  | ConfessionLiked
  | ConfessionUnliked
  | CommentSubmitted
  | CommentApproved
  | CommentRejected
  | ConfessionReported
  | ConfessionHidden
  | ConfessionReportsReviewed
  | ConfessionReportsDismissed
  | ConfessionDeleted
  | DirectMessageSent
  | DirectMessageModerated
  | DirectMessageAllowanceUsed
  | ChatMessagePosted
  | ChatAllowanceUsed
  | ChatMessageRemoved
  | PairMatched
  | PairMessageSent
  | PairEnded
  | PairingReportFiled
  | PairingReportResolved
  | AuditChainExtended
  | AuditLogExported;

export type DomainEventType = DomainEvent['type'];
export type EventOfType<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;

// A record keyed by the union makes the compiler reject a missing or unknown event type.
const eventTypeSet: Record<DomainEventType, true> = {
  CollegeRegistered: true,
  ChatRoomOpened: true,
  ChatRoomRenamed: true,
  ChatRoomArchived: true,
  VisitorSessionStarted: true,
  AdminAccountCreated: true,
  AdminCollegeChanged: true,
  AdminStatusChanged: true,
  AdminAccountDeleted: true,
  AdminSignedIn: true,
  AdminSignedOut: true,
  AdminUsernameClaimed: true,
  AdminUsernameReleased: true,
  ConfessionSubmitted: true,
  ConfessionQuotaUsed: true,
  NetworkQuotaUsed: true,
  ConfessionApproved: true,
  ConfessionRejected: true,
  ConfessionLiked: true,
  ConfessionUnliked: true,
  CommentSubmitted: true,
  CommentApproved: true,
  CommentRejected: true,
  ConfessionReported: true,
  ConfessionHidden: true,
  ConfessionReportsReviewed: true,
  ConfessionReportsDismissed: true,
  ConfessionDeleted: true,
  DirectMessageSent: true,
  DirectMessageModerated: true,
  DirectMessageAllowanceUsed: true,
  ChatMessagePosted: true,
  ChatAllowanceUsed: true,
  ChatMessageRemoved: true,
  PairMatched: true,
  PairMessageSent: true,
  PairEnded: true,
  PairingReportFiled: true,
  PairingReportResolved: true,
  AuditChainExtended: true,
  AuditLogExported: true,
};

/** Every event type, so projections and tests can check what they cover. */
export const domainEventTypes = Object.keys(eventTypeSet) as readonly DomainEventType[];

export function isDomainEventType(type: string): type is DomainEventType {
  return Object.hasOwn(eventTypeSet, type);
}
