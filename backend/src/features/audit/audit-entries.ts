import type { AuditActor, AuditHistoryEntry, AuditLogEntry } from '@secretchatbox/contracts';
import type { AuditEventRow } from '@secretchatbox/projections';
import { pseudonymizedData, pseudonymOfItem, type VisitorPseudonyms } from './audit-visitors.js';

/** Admins by id and username; visitors by the pseudonym that shows the visitors of the item; the system. */
export function auditActorOf(row: AuditEventRow, pseudonyms: VisitorPseudonyms): AuditActor {
  switch (row.actorKind) {
    case 'admin':
      return { id: row.actorId, username: row.actorUsername, role: row.actorRole as AuditActor['role'] };
    case 'visitor':
      return {
        id: row.actorId && pseudonymOfItem(row.targetType, pseudonyms)(row.actorId),
        username: null,
        role: 'visitor',
      };
    case 'system':
      return { id: null, username: null, role: 'system' };
  }
}

export function toLogEntry(row: AuditEventRow, pseudonyms: VisitorPseudonyms): AuditLogEntry {
  return {
    position: `${row.logCommit}/${row.logPrepare}`,
    eventId: row.eventId,
    at: row.at,
    action: row.action,
    actor: auditActorOf(row, pseudonyms),
    collegeCode: row.collegeCode,
    target: { type: row.targetType, id: row.targetId },
    reasonCode: row.reasonCode,
    note: row.note,
    requestId: row.requestId,
    link: row.link,
    hash: row.hash,
  };
}

export function toHistoryEntry(row: AuditEventRow, pseudonyms: VisitorPseudonyms): AuditHistoryEntry {
  const data = pseudonymizedData(row.action, row.data, pseudonymOfItem(row.targetType, pseudonyms));
  return { ...toLogEntry(row, pseudonyms), moderation: row.moderation, data };
}
