import type { ChatRoomOpened, CollegeRegistered } from './college-events.js';
import type {
  CommentApproved,
  CommentRejected,
  CommentSubmitted,
  ConfessionApproved,
  ConfessionHidden,
  ConfessionLiked,
  ConfessionQuotaUsed,
  ConfessionRejected,
  ConfessionReported,
  ConfessionSubmitted,
  ConfessionUnliked,
  NetworkQuotaUsed,
} from './confession-events.js';
import type { AdminAccountCreated, AdminSignedIn, AdminSignedOut, VisitorSessionStarted } from './session-events.js';

export type * from './college-events.js';
export type * from './confession-events.js';
export type * from './session-events.js';
export * from './event.js';

export type DomainEvent =
  | CollegeRegistered
  | ChatRoomOpened
  | VisitorSessionStarted
  | AdminAccountCreated
  | AdminSignedIn
  | AdminSignedOut
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
  | ConfessionHidden;

export type DomainEventType = DomainEvent['type'];
export type EventOfType<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;

// A record keyed by the union makes the compiler reject a missing or unknown event type.
const eventTypeSet: Record<DomainEventType, true> = {
  CollegeRegistered: true,
  ChatRoomOpened: true,
  VisitorSessionStarted: true,
  AdminAccountCreated: true,
  AdminSignedIn: true,
  AdminSignedOut: true,
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
};

/** Every event type, so projections and tests can check what they cover. */
export const domainEventTypes = Object.keys(eventTypeSet) as readonly DomainEventType[];

export function isDomainEventType(type: string): type is DomainEventType {
  return Object.hasOwn(eventTypeSet, type);
}
