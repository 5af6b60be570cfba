import { type AuditTarget, auditEntryOf, type DomainEvent, domainEventTypes } from '@secretchatbox/contracts';
import type { SqlExecutor } from '@secretchatbox/database';
import type { ProjectedEvent, Projection } from '../projection.js';

/**
 * The audit journal: every event of an item (a confession, comment, direct message, chat message,
 * room or admin account) as it was recorded, with the item, its college, the actor, and for
 * moderation events their chain link once the chain writer has made it. What auditors read: the
 * moderation log, items' histories, and items and queues as of any moment, folded from these.
 */
export const auditJournalProjection: Projection = {
  name: 'audit-journal',
  handles: domainEventTypes,
  async apply(event, tx) {
    if (event.type === 'AuditChainExtended') return recordLinks(event as ProjectedEvent<'AuditChainExtended'>, tx);
    const entry = auditEntryOf(event);
    if (!entry) return;
    await registerItem(event, entry.target, tx);
    const { actor } = event.metadata;
    await tx.query(
      `INSERT INTO read_model.audit_events
         (event_id, log_commit, log_prepare, occurred_at, type, target_type, target_id, college_code,
          actor_kind, actor_id, actor_username, actor_role, reason_code, note, moderation, data, parent_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7,
               COALESCE($8, (SELECT college_code FROM read_model.audit_items WHERE target_type = $6 AND target_id = $7)),
               $9, $10, $11, $12, $13, $14, $15, $16, $17)
       ON CONFLICT (event_id) DO NOTHING`,
      [
        event.id,
        event.position.commit.toString(),
        event.position.prepare.toString(),
        event.metadata.occurredAt,
        event.type,
        entry.target.type,
        entry.target.id,
        event.metadata.collegeCode ?? null,
        actor.kind,
        actor.kind === 'admin' ? actor.adminId : actor.kind === 'visitor' ? actor.sessionId : null,
        actor.kind === 'admin' ? actor.username : null,
        actor.kind === 'admin' ? actor.role : actor.kind,
        entry.reasonCode,
        entry.note,
        entry.moderation,
        JSON.stringify(journalData(event)),
        entry.target.type === 'comment' && 'confessionId' in event.data ? event.data.confessionId : null,
      ],
    );
  },
};

/** What auditors see of an event's data: all of it but an admin session's hash, which is a credential's. */
function journalData(event: DomainEvent): Readonly<Record<string, unknown>> {
  if (event.type !== 'AdminSignedIn' && event.type !== 'AdminSignedOut') return event.data;
  const { sessionHash: _credential, ...shown } = event.data;
  return shown;
}

/** Items get their college from the event that creates them; a comment has its confession's. */
async function registerItem(event: DomainEvent, target: AuditTarget, tx: SqlExecutor): Promise<void> {
  const insert = `INSERT INTO read_model.audit_items (target_type, target_id, college_code)`;
  switch (event.type) {
    case 'ConfessionSubmitted':
    case 'DirectMessageSent':
    case 'ChatMessagePosted':
    case 'ChatRoomOpened':
    case 'AdminAccountCreated':
      await tx.query(`${insert} VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [
        target.type,
        target.id,
        event.data.collegeCode,
      ]);
      return;
    case 'CommentSubmitted':
      await tx.query(
        `${insert} SELECT $1, $2, college_code FROM read_model.audit_items
          WHERE target_type = 'confession' AND target_id = $3 ON CONFLICT DO NOTHING`,
        [target.type, target.id, event.data.confessionId],
      );
      return;
    case 'AdminCollegeChanged':
      await tx.query(
        `UPDATE read_model.audit_items SET college_code = $2 WHERE target_type = 'admin' AND target_id = $1`,
        [target.id, event.data.collegeCode],
      );
      return;
    default:
      return;
  }
}

async function recordLinks(event: ProjectedEvent<'AuditChainExtended'>, tx: SqlExecutor): Promise<void> {
  const { firstLink, links } = event.data;
  await tx.query(
    `UPDATE read_model.audit_events e SET link = l.link, hash = l.hash
       FROM unnest($1::uuid[], $2::int[], $3::text[]) AS l(event_id, link, hash)
      WHERE e.event_id = l.event_id`,
    [links.map((link) => link.eventId), links.map((_, i) => firstLink + i), links.map((link) => link.hash)],
  );
}
