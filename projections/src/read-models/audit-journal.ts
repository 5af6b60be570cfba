import { auditEntryOf, type DomainEvent, domainEventTypes, unjournaledTypes } from '@secretchatbox/contracts';
import type { SqlExecutor } from '@secretchatbox/database';
import type { ProjectedEvent, Projection } from '../projection.js';
import { type JournaledEvent, pendingQueues, recordQueueSpans } from './audit-queue-spans.js';
import { uuidOrNull } from './uuid.js';

/**
 * The audit journal: every event of an item (a confession, comment, direct message, chat message,
 * room or admin account) as it was recorded, with the item, its college, the actor, and for
 * moderation events their chain link once the chain writer has made it. What auditors read: the
 * moderation log, items' histories, and items and queues as of any moment, folded from these. An
 * event that names no college (a student's like, report or comment) takes its confession's.
 * Nearly every event writes a row, so a batch's rows go in with one statement per table, passed
 * as one JSON document.
 */
export const auditJournalProjection: Projection = {
  name: 'audit-journal',
  // Every event of an item, and the chain's extensions for their links.
  handles: [
    ...domainEventTypes.filter((type) => !(unjournaledTypes as readonly string[]).includes(type)),
    'AuditChainExtended',
  ],
  apply: (event, tx) => journal([event], tx),
  applyAll: journal,
};

async function journal(events: readonly ProjectedEvent[], tx: SqlExecutor): Promise<void> {
  // The colleges of the batch's own submissions: a like or comment may share its confession's batch.
  const submitted = new Map<string, string>();
  const rows: (JournaledEvent & Record<string, unknown>)[] = [];
  const links: { link: number; event_id: string; hash: string }[] = [];
  for (const event of events) {
    if (event.type === 'AuditChainExtended') {
      const { firstLink } = event.data;
      event.data.links.forEach((link, index) =>
        links.push({ link: firstLink + index, event_id: link.eventId, hash: link.hash }),
      );
      continue;
    }
    const entry = auditEntryOf(event);
    if (!entry) continue;
    if (event.type === 'ConfessionSubmitted') submitted.set(event.data.confessionId, event.data.collegeCode);
    const parent = entry.target.type === 'comment' && 'confessionId' in event.data ? event.data.confessionId : null;
    const { actor } = event.metadata;
    rows.push({
      event_id: event.id,
      log_commit: event.position.commit.toString(),
      log_prepare: event.position.prepare.toString(),
      occurred_at: event.metadata.occurredAt,
      type: event.type,
      target_type: entry.target.type,
      target_id: entry.target.id,
      parent_id: parent,
      college_code: event.metadata.collegeCode ?? submitted.get(parent ?? entry.target.id) ?? null,
      actor_kind: actor.kind,
      actor_id: actor.kind === 'admin' ? actor.adminId : actor.kind === 'visitor' ? actor.sessionId : null,
      actor_username: actor.kind === 'admin' ? actor.username : null,
      actor_role: actor.kind === 'admin' ? actor.role : actor.kind,
      reason_code: entry.reasonCode,
      note: entry.note,
      moderation: entry.moderation,
      request_id: event.metadata.correlationId ?? null,
      data: journalData(event),
    });
  }
  if (rows.length > 0) {
    await writeFrom(
      tx,
      `INSERT INTO read_model.audit_events
         (event_id, log_commit, log_prepare, occurred_at, type, target_type, target_id, parent_id, college_code,
          actor_kind, actor_id, actor_username, actor_role, reason_code, note, moderation, request_id, data)
       SELECT r.event_id, r.log_commit, r.log_prepare, r.occurred_at, r.type, r.target_type, r.target_id, r.parent_id,
              COALESCE(r.college_code, ${confessionCollege('COALESCE(r.parent_id, r.target_id)')}),
              r.actor_kind, r.actor_id, r.actor_username, r.actor_role, r.reason_code, r.note, r.moderation, r.request_id,
              r.data
         FROM jsonb_to_recordset($1::jsonb) AS r(event_id uuid, log_commit bigint, log_prepare bigint,
              occurred_at timestamptz, type text, target_type text, target_id text, parent_id text, college_code text,
              actor_kind text, actor_id text, actor_username text, actor_role text, reason_code text, note text,
              moderation boolean, request_id text, data jsonb)
       ON CONFLICT (event_id) DO NOTHING`,
      rows,
    );
    await recordQueueSpans(tx, rows);
  }
  if (links.length > 0) {
    await writeFrom(
      tx,
      `INSERT INTO read_model.audit_links (link, event_id, hash)
       SELECT l.link, l.event_id, decode(l.hash, 'hex') FROM jsonb_to_recordset($1::jsonb) AS l(link integer, event_id uuid, hash text)
       ON CONFLICT (link) DO NOTHING`,
      links,
    );
  }
}

/**
 * The college of the confession whose id `confessionId` (an SQL expression, text) gives, from the
 * confession's span in its pending queue (audit-queue-spans.ts): one step by key however many
 * events the confession has. Null for an id that is no confession's, and one that is no UUID is
 * not cast, so that no journaled event can stop the projection.
 */
export const confessionCollege = (confessionId: string) =>
  `(SELECT s.college_code FROM read_model.audit_queue_spans s
     WHERE s.target_id = ${uuidOrNull(confessionId)} AND s.queue = ${pendingQueues.pendingConfessions.queue})`;

/** Runs a write whose one parameter is `rows`, as a JSON document. */
async function writeFrom(tx: SqlExecutor, sql: string, rows: readonly unknown[]): Promise<void> {
  await tx.query(sql, [JSON.stringify(rows)]);
}

/** What auditors see of an event's data: all of it but an admin session's hash, which is a credential's. */
function journalData(event: DomainEvent): Readonly<Record<string, unknown>> {
  if (event.type !== 'AdminSignedIn' && event.type !== 'AdminSignedOut') return event.data;
  const { sessionHash: _credential, ...shown } = event.data;
  return shown;
}
