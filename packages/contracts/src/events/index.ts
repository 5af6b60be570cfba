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
import { streamKindOf } from './streams.js';

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

/** Every event type (each lives in one kind of stream), so projections and tests can check what they cover. */
export const domainEventTypes = Object.keys(streamKindOf) as readonly DomainEventType[];

export function isDomainEventType(type: string): type is DomainEventType {
  return Object.hasOwn(streamKindOf, type);
}
