import type { AuditQueue, AuditQueueItem, AuditQueues, DomainEventType } from '@secretchatbox/contracts';
import type { SqlExecutor } from '@secretchatbox/database';
import { type PendingQueue, pendingQueues } from './audit-queue-spans.js';

type QueueRow = Omit<AuditQueueItem, 'reports'> & { total: string; reports: string | null };

const isoText = (time: string) => `to_char(${time} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Was the confession `e.target_id` deleted by `$1`? A deleted confession's reports leave their queue. */
const deletedByThen = `EXISTS (SELECT 1 FROM read_model.audit_events d
   WHERE d.target_type = 'confession' AND d.target_id = e.target_id AND d.type = 'ConfessionDeleted' AND d.occurred_at <= $1)`;

/** The items waiting at `at`: entered by then and not yet left, from their spans (audit-queue-spans.ts). */
async function pendingAsOf(
  db: SqlExecutor,
  queue: PendingQueue,
  at: string,
  collegeCode: string | null,
  limit: number,
): Promise<AuditQueue> {
  const { rows } = await db.query<QueueRow>(
    `SELECT e.target_type AS type, e.target_id AS id, s.college_code AS "collegeCode", ${isoText('s.entered_at')} AS since,
            e.data->>'content' AS content, NULL AS reports, s.total
       FROM (SELECT s.college_code, s.entered_at, s.entry_event_id, count(*) OVER () AS total
               FROM read_model.audit_queue_spans s
              WHERE s.queue = $4 AND s.entered_at <= $1 AND (s.left_at IS NULL OR s.left_at > $1)
                AND ($2::text IS NULL OR s.college_code = $2)
              ORDER BY s.entered_at, s.entry_event_id
              LIMIT $3) s
       JOIN read_model.audit_events e ON e.event_id = s.entry_event_id
      ORDER BY s.entered_at, s.entry_event_id`,
    [at, collegeCode, limit, queue.queue],
  );
  return toQueue(rows);
}

/**
 * Confessions with reports open at `at`: reported since their reports were last dismissed, with
 * a report newer than their last review, and not deleted.
 */
async function reportedAsOf(
  db: SqlExecutor,
  at: string,
  collegeCode: string | null,
  limit: number,
): Promise<AuditQueue> {
  const lastOf = (type: DomainEventType) => `(SELECT max(x.occurred_at) FROM read_model.audit_events x
     WHERE x.target_type = 'confession' AND x.target_id = e.target_id AND x.type = '${type}' AND x.occurred_at <= $1)`;
  const { rows } = await db.query<QueueRow>(
    `SELECT 'confession' AS type, r.id, r."collegeCode", r.since, r.content, r.reports::text, count(*) OVER () AS total
       FROM (SELECT e.target_id AS id, max(e.college_code) AS "collegeCode",
                    ${isoText('min(e.occurred_at)')} AS since,
                    max(e.occurred_at) AS latest, count(*) AS reports, min(e.occurred_at) AS first,
                    ${lastOf('ConfessionReportsReviewed')} AS reviewed,
                    (SELECT s.data->>'content' FROM read_model.audit_events s
                      WHERE s.target_type = 'confession' AND s.target_id = e.target_id AND s.type = 'ConfessionSubmitted') AS content
               FROM read_model.audit_events e
              WHERE e.type = 'ConfessionReported' AND e.occurred_at <= $1 AND ($2::text IS NULL OR e.college_code = $2)
                AND e.occurred_at > COALESCE(${lastOf('ConfessionReportsDismissed')}, '-infinity')
                AND NOT ${deletedByThen}
              GROUP BY e.target_id) r
      WHERE r.latest > COALESCE(r.reviewed, '-infinity')
      ORDER BY r.first, r.id
      LIMIT $3`,
    [at, collegeCode, limit],
  );
  return toQueue(rows);
}

function toQueue(rows: QueueRow[]): AuditQueue {
  return {
    total: Number(rows[0]?.total ?? 0),
    items: rows.map(({ total: _total, reports, ...item }) =>
      reports === null ? item : { ...item, reports: Number(reports) },
    ),
  };
}

/** The moderation queues as they stood at `at`, folded from the journal's events, not from today's read models. */
export async function readQueuesAsOf(
  db: SqlExecutor,
  at: string,
  collegeCode: string | null,
  limit: number,
): Promise<AuditQueues> {
  const [pendingConfessions, pendingComments, pendingDirectMessages, reportedConfessions] = await Promise.all([
    pendingAsOf(db, pendingQueues.pendingConfessions, at, collegeCode, limit),
    pendingAsOf(db, pendingQueues.pendingComments, at, collegeCode, limit),
    pendingAsOf(db, pendingQueues.pendingDirectMessages, at, collegeCode, limit),
    reportedAsOf(db, at, collegeCode, limit),
  ]);
  return { at, collegeCode, pendingConfessions, pendingComments, pendingDirectMessages, reportedConfessions };
}
