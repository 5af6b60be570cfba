import type { NewEvent } from './streams.js';

/** The kinds of item whose history auditors can read (`GET /api/audit/history/{type}/{id}`). */
export const auditTargetTypes = ['confession', 'comment', 'direct-message', 'chat-message', 'room', 'admin'] as const;
export type AuditTargetType = (typeof auditTargetTypes)[number];
export type AuditTarget = Readonly<{ type: AuditTargetType; id: string }>;

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

const item = (type: AuditTargetType, id: string, moderation: boolean): AuditEntry => ({
  target: { type, id },
  moderation,
  reasonCode: null,
  note: null,
});

/** The one definition of what the audit journal, the log and the chain cover; null for events of no item. */
export function auditEntryOf(event: NewEvent): AuditEntry | null {
  switch (event.type) {
    case 'CollegeRegistered':
    case 'VisitorSessionStarted':
    case 'AdminUsernameClaimed':
    case 'AdminUsernameReleased':
    case 'ConfessionQuotaUsed':
    case 'NetworkQuotaUsed':
    case 'ChatAllowanceUsed':
    case 'AuditChainExtended':
      return null;
    case 'ChatRoomOpened':
    case 'ChatRoomRenamed':
    case 'ChatRoomArchived':
      return item('room', event.data.roomId, true);
    case 'AdminAccountCreated':
    case 'AdminCollegeChanged':
    case 'AdminStatusChanged':
    case 'AdminAccountDeleted':
    case 'AdminSignedIn':
    case 'AdminSignedOut':
      return item('admin', event.data.adminId, true);
    case 'AuditLogExported':
      return item('admin', event.data.adminId, true);
    case 'ConfessionSubmitted':
    case 'ConfessionLiked':
    case 'ConfessionUnliked':
    case 'ConfessionReported':
      return item('confession', event.data.confessionId, false);
    case 'ConfessionApproved':
    case 'ConfessionHidden':
    case 'ConfessionReportsReviewed':
    case 'ConfessionReportsDismissed':
      return item('confession', event.data.confessionId, true);
    case 'ConfessionRejected':
    case 'ConfessionDeleted':
      return { ...item('confession', event.data.confessionId, true), ...reasoned(event.data) };
    case 'CommentSubmitted':
      return item('comment', event.data.commentId, false);
    case 'CommentApproved':
      return item('comment', event.data.commentId, true);
    case 'CommentRejected':
      return { ...item('comment', event.data.commentId, true), ...reasoned(event.data) };
    case 'DirectMessageSent':
      return item('direct-message', event.data.messageId, false);
    case 'DirectMessageModerated':
      return { ...item('direct-message', event.data.messageId, true), note: event.data.adminNote };
    case 'ChatMessagePosted':
      return item('chat-message', event.data.messageId, false);
    case 'ChatMessageRemoved':
      return { ...item('chat-message', event.data.messageId, true), ...reasoned(event.data) };
  }
}

function reasoned(data: { reasonCode: string | null; note: string | null }) {
  return { reasonCode: data.reasonCode, note: data.note };
}
