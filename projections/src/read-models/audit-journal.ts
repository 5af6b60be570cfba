import { auditEntryOf, type DomainEvent, domainEventTypes } from '@secretchatbox/contracts';
import type { SqlExecutor } from '@secretchatbox/database';
import type { ProjectedEvent, Projection } from '../projection.js';

type ItemRow = { target_type: string; target_id: string; college_code: string | null; parent_id?: string };

/**
 * The audit journal: every event of an item (a confession, comment, direct message, chat message,
 * room or admin account) as it was recorded, with the item, its college, the actor, and for
 * moderation events their chain link once the chain writer has made it. What auditors read: the
 * moderation log, items' histories, and items and queues as of any moment, folded from these.
 * Nearly every event writes a row, so a batch's rows go in with one statement per table, passed
 * as one JSON document.
 */
export const auditJournalProjection: Projection = {
  name: 'audit-journal',
  handles: domainEventTypes,
  apply: (event, tx) => journal([event], tx),
  applyAll: journal,
};

async function journal(events: readonly ProjectedEvent[], tx: SqlExecutor): Promise<void> {
  const items: ItemRow[] = [];
  const comments: ItemRow[] = [];
  const colleges = new Map<string, string | null>();
  const rows: Record<string, unknown>[] = [];
  const links: { event_id: string; link: number; hash: string }[] = [];
  for (const event of events) {
    if (event.type === 'AuditChainExtended') {
      const { firstLink } = event.data;
      event.data.links.forEach((link, index) =>
        links.push({ event_id: link.eventId, link: firstLink + index, hash: link.hash }),
      );
      continue;
    }
    const entry = auditEntryOf(event);
    if (!entry) continue;
    const item = itemOf(event);
    if (item?.parent_id) comments.push(item);
    else if (item) items.push(item);
    if (event.type === 'AdminCollegeChanged') colleges.set(event.data.adminId, event.data.collegeCode);
    const { actor } = event.metadata;
    rows.push({
      event_id: event.id,
      log_commit: event.position.commit.toString(),
      log_prepare: event.position.prepare.toString(),
      occurred_at: event.metadata.occurredAt,
      type: event.type,
      target_type: entry.target.type,
      target_id: entry.target.id,
      parent_id: entry.target.type === 'comment' && 'confessionId' in event.data ? event.data.confessionId : null,
      college_code: event.metadata.collegeCode ?? null,
      actor_kind: actor.kind,
      actor_id: actor.kind === 'admin' ? actor.adminId : actor.kind === 'visitor' ? actor.sessionId : null,
      actor_username: actor.kind === 'admin' ? actor.username : null,
      actor_role: actor.kind === 'admin' ? actor.role : actor.kind,
      reason_code: entry.reasonCode,
      note: entry.note,
      moderation: entry.moderation,
      data: journalData(event),
    });
  }
  // Items first, a comment's after the confessions it may share the batch with: each row's
  // college comes from its item when its event names none.
  if (items.length > 0) {
    await tx.query(
      `INSERT INTO read_model.audit_items (target_type, target_id, college_code)
       SELECT target_type, target_id, college_code FROM jsonb_to_recordset($1::jsonb)
           AS r(target_type text, target_id text, college_code text)
       ON CONFLICT DO NOTHING`,
      [JSON.stringify(items)],
    );
  }
  if (comments.length > 0) {
    await tx.query(
      `INSERT INTO read_model.audit_items (target_type, target_id, college_code)
       SELECT r.target_type, r.target_id, c.college_code FROM jsonb_to_recordset($1::jsonb)
           AS r(target_type text, target_id text, parent_id text)
         LEFT JOIN read_model.audit_items c ON c.target_type = 'confession' AND c.target_id = r.parent_id
       ON CONFLICT DO NOTHING`,
      [JSON.stringify(comments)],
    );
  }
  if (colleges.size > 0) {
    await tx.query(
      `UPDATE read_model.audit_items i SET college_code = r.college_code
         FROM jsonb_to_recordset($1::jsonb) AS r(target_id text, college_code text)
        WHERE i.target_type = 'admin' AND i.target_id = r.target_id`,
      [JSON.stringify([...colleges].map(([target_id, college_code]) => ({ target_id, college_code })))],
    );
  }
  if (rows.length > 0) {
    await tx.query(
      `INSERT INTO read_model.audit_events
         (event_id, log_commit, log_prepare, occurred_at, type, target_type, target_id, parent_id, college_code,
          actor_kind, actor_id, actor_username, actor_role, reason_code, note, moderation, data)
       SELECT r.event_id, r.log_commit, r.log_prepare, r.occurred_at, r.type, r.target_type, r.target_id, r.parent_id,
              COALESCE(r.college_code, i.college_code), r.actor_kind, r.actor_id, r.actor_username, r.actor_role,
              r.reason_code, r.note, r.moderation, r.data
         FROM jsonb_to_recordset($1::jsonb) AS r(event_id uuid, log_commit bigint, log_prepare bigint,
              occurred_at timestamptz, type text, target_type text, target_id text, parent_id text, college_code text,
              actor_kind text, actor_id text, actor_username text, actor_role text, reason_code text, note text,
              moderation boolean, data jsonb)
         LEFT JOIN read_model.audit_items i ON i.target_type = r.target_type AND i.target_id = r.target_id
       ON CONFLICT (event_id) DO NOTHING`,
      [JSON.stringify(rows)],
    );
  }
  if (links.length > 0) {
    await tx.query(
      `UPDATE read_model.audit_events e SET link = l.link, hash = l.hash
         FROM jsonb_to_recordset($1::jsonb) AS l(event_id uuid, link integer, hash text)
        WHERE e.event_id = l.event_id`,
      [JSON.stringify(links)],
    );
  }
}

/** What auditors see of an event's data: all of it but an admin session's hash, which is a credential's. */
function journalData(event: DomainEvent): Readonly<Record<string, unknown>> {
  if (event.type !== 'AdminSignedIn' && event.type !== 'AdminSignedOut') return event.data;
  const { sessionHash: _credential, ...shown } = event.data;
  return shown;
}

/** The item an event creates, with its college; a comment takes its confession's (`parent_id`). */
function itemOf(event: DomainEvent): ItemRow | null {
  switch (event.type) {
    case 'ConfessionSubmitted':
      return { target_type: 'confession', target_id: event.data.confessionId, college_code: event.data.collegeCode };
    case 'DirectMessageSent':
      return { target_type: 'direct-message', target_id: event.data.messageId, college_code: event.data.collegeCode };
    case 'ChatMessagePosted':
      return { target_type: 'chat-message', target_id: event.data.messageId, college_code: event.data.collegeCode };
    case 'ChatRoomOpened':
      return { target_type: 'room', target_id: event.data.roomId, college_code: event.data.collegeCode };
    case 'AdminAccountCreated':
      return { target_type: 'admin', target_id: event.data.adminId, college_code: event.data.collegeCode };
    case 'CommentSubmitted':
      return {
        target_type: 'comment',
        target_id: event.data.commentId,
        college_code: null,
        parent_id: event.data.confessionId,
      };
    default:
      return null;
  }
}
