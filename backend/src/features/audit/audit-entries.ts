import type { AuditActor, AuditHistoryEntry, AuditLogEntry } from '@secretchatbox/contracts';
import type { AuditEventRow, ModerationPseudonymOf } from '@secretchatbox/projections';

/** Admins by id and username; visitors by moderation pseudonym, as moderators see them; the system. */
export function auditActorOf(row: AuditEventRow, pseudonymOf: ModerationPseudonymOf): AuditActor {
  switch (row.actorKind) {
    case 'admin':
      return { id: row.actorId, username: row.actorUsername, role: row.actorRole as AuditActor['role'] };
    case 'visitor':
      return { id: row.actorId && pseudonymOf(row.actorId), username: null, role: 'visitor' };
    case 'system':
      return { id: null, username: null, role: 'system' };
  }
}

export function toLogEntry(row: AuditEventRow, pseudonymOf: ModerationPseudonymOf): AuditLogEntry {
  return {
    position: `${row.logCommit}/${row.logPrepare}`,
    eventId: row.eventId,
    at: row.at,
    action: row.action,
    actor: auditActorOf(row, pseudonymOf),
    collegeCode: row.collegeCode,
    target: { type: row.targetType, id: row.targetId },
    reasonCode: row.reasonCode,
    note: row.note,
    requestId: row.requestId,
    link: row.link,
    hash: row.hash,
  };
}

/** Fields of event data that hold a visitor's public session id (a moderator's chat id is `admin-…`). */
const sessionFields = new Set(['sessionId', 'fromSessionId', 'toSessionId']);

export function toHistoryEntry(row: AuditEventRow, pseudonymOf: ModerationPseudonymOf): AuditHistoryEntry {
  const data = Object.fromEntries(
    Object.entries(row.data).map(([key, value]) =>
      sessionFields.has(key) && typeof value === 'string' && !value.startsWith('admin-')
        ? [key, pseudonymOf(value)]
        : [key, value],
    ),
  );
  return { ...toLogEntry(row, pseudonymOf), moderation: row.moderation, data };
}
