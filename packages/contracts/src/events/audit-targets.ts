import type { DomainEventType } from './index.js';
import type { NewEvent } from './streams.js';

/** The kinds of item whose history auditors can read (`GET /api/audit/history/{type}/{id}`). */
export const auditTargetTypes = [
  'confession',
  'comment',
  'direct-message',
  'chat-message',
  'room',
  'admin',
  'pair',
  'pairing-report',
] as const;
export type AuditTargetType = (typeof auditTargetTypes)[number];
export type AuditTarget = Readonly<{ type: AuditTargetType; id: string }>;

/**
 * The moderation events: decisions, account, room and sign-in changes, exports, and the sends that
 * wait for a decision about a person (direct messages). The moderation log and the tamper-evident
 * chain hold exactly these; the log's `action` is one of them.
 */
export const moderationActions = [
  'ConfessionApproved',
  'ConfessionRejected',
  'ConfessionDeleted',
  'ConfessionHidden',
  'ConfessionReportsReviewed',
  'ConfessionReportsDismissed',
  'CommentApproved',
  'CommentRejected',
  'DirectMessageSent',
  'DirectMessageModerated',
  'ChatMessageRemoved',
  'PairingReportFiled',
  'PairingReportResolved',
  'ChatRoomOpened',
  'ChatRoomRenamed',
  'ChatRoomArchived',
  'AdminAccountCreated',
  'AdminCollegeChanged',
  'AdminStatusChanged',
  'AdminAccountDeleted',
  'AdminSignedIn',
  'AdminSignedOut',
  'AuditLogExported',
] as const satisfies readonly DomainEventType[];
export type ModerationAction = (typeof moderationActions)[number];

const moderationActionSet: ReadonlySet<string> = new Set(moderationActions);

export function isModerationAction(type: string): type is ModerationAction {
  return moderationActionSet.has(type);
}

/**
 * What the audit journal records of an event: the item it belongs to, whether it is a moderation
 * event (a decision, an account, room or sign-in change, an export: the moderation log and the
 * tamper-evident chain hold exactly these), and the reason and note it gives.
 */
export type AuditEntry = Readonly<{
  target: AuditTarget;
  moderation: boolean;
  reasonCode: string | null;
  note: string | null;
}>;

/** Events of no item (quotas, sessions, username claims, the chain's own links): the journal leaves them out. */
export const unjournaledTypes = [
  'CollegeRegistered',
  'VisitorSessionStarted',
  'AdminUsernameClaimed',
  'AdminUsernameReleased',
  'ConfessionQuotaUsed',
  'NetworkQuotaUsed',
  'ChatAllowanceUsed',
  'DirectMessageAllowanceUsed',
  'AuditChainExtended',
] as const satisfies readonly DomainEventType[];

/** An event of an item: what the audit journal holds. */
export type JournaledEvent = Exclude<NewEvent, { type: (typeof unjournaledTypes)[number] }>;
export type JournaledType = JournaledEvent['type'];

const unjournaled: ReadonlySet<string> = new Set(unjournaledTypes);

export function isJournaled(event: NewEvent): event is JournaledEvent {
  return !unjournaled.has(event.type);
}

const item = (type: AuditTargetType, id: string) => ({ type, id });

/** The one definition of what the audit journal, the log and the chain cover; null for events of no item. */
export function auditEntryOf(event: NewEvent): AuditEntry | null {
  if (!isJournaled(event)) return null;
  const target = targetOf(event);
  const { reasonCode = null, note = null } = reasonOf(event);
  return { target, moderation: isModerationAction(event.type), reasonCode, note };
}

function reasonOf(event: JournaledEvent): { reasonCode?: string | null; note?: string | null } {
  switch (event.type) {
    case 'ConfessionRejected':
    case 'ConfessionDeleted':
    case 'CommentRejected':
    case 'ChatMessageRemoved':
      return { reasonCode: event.data.reasonCode, note: event.data.note };
    case 'DirectMessageModerated':
      return { note: event.data.adminNote };
    case 'PairingReportFiled':
      return { reasonCode: event.data.reason, note: event.data.note };
    case 'PairingReportResolved':
      return { note: event.data.note };
    default:
      return {};
  }
}

function targetOf(event: JournaledEvent): AuditTarget {
  switch (event.type) {
    case 'ChatRoomOpened':
    case 'ChatRoomRenamed':
    case 'ChatRoomArchived':
      return item('room', event.data.roomId);
    case 'AdminAccountCreated':
    case 'AdminCollegeChanged':
    case 'AdminStatusChanged':
    case 'AdminAccountDeleted':
    case 'AdminSignedIn':
    case 'AdminSignedOut':
    case 'AuditLogExported':
      return item('admin', event.data.adminId);
    case 'ConfessionSubmitted':
    case 'ConfessionLiked':
    case 'ConfessionUnliked':
    case 'ConfessionReported':
    case 'ConfessionApproved':
    case 'ConfessionHidden':
    case 'ConfessionReportsReviewed':
    case 'ConfessionReportsDismissed':
    case 'ConfessionRejected':
    case 'ConfessionDeleted':
      return item('confession', event.data.confessionId);
    case 'CommentSubmitted':
    case 'CommentApproved':
    case 'CommentRejected':
      return item('comment', event.data.commentId);
    case 'DirectMessageSent':
    case 'DirectMessageModerated':
      return item('direct-message', event.data.messageId);
    case 'ChatMessagePosted':
    case 'ChatMessageRemoved':
      return item('chat-message', event.data.messageId);
    case 'PairMatched':
    case 'PairMessageSent':
    case 'PairEnded':
      return item('pair', event.data.pairId);
    case 'PairingReportFiled':
    case 'PairingReportResolved':
      return item('pairing-report', event.data.reportId);
  }
}
