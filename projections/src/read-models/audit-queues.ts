import type { AuditQueue, AuditQueueItem, AuditQueues, DomainEventType } from '@secretchatbox/contracts';
import type { SqlExecutor } from '@secretchatbox/database';

type QueueRow = Omit<AuditQueueItem, 'reports'> & { total: string; reports: string | null };

/**
 * An item enters its queue with one event and leaves it with any of the others. The types are
 * written into the statement (they are the code's own): the planner can then use the index of
 * queue exits (read-model migration 11), whose condition names them.
 */
type PendingQueue = Readonly<{ entered: DomainEventType; left: readonly DomainEventType[] }>;

const pendingQueues = {
  pendingConfessions: {
    entered: 'ConfessionSubmitted',
    left: ['ConfessionApproved', 'ConfessionRejected', 'ConfessionDeleted'],
  },
  pendingComments: { entered: 'CommentSubmitted', left: ['CommentApproved', 'CommentRejected'] },
  pendingDirectMessages: { entered: 'DirectMessageSent', left: ['DirectMessageModerated'] },
} as const satisfies Record<string, PendingQueue>;

const since = `to_char(e.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Was `target` (a confession id) deleted by `$1`? A deleted confession's comments and reports leave the queues. */
const deletedBy = (confessionId: string) => `EXISTS (SELECT 1 FROM read_model.audit_events d
   WHERE d.target_type = 'confession' AND d.target_id = ${confessionId} AND d.type = 'ConfessionDeleted' AND d.occurred_at <= $1)`;

async function pendingAsOf(
  db: SqlExecutor,
  queue: PendingQueue,
  at: string,
  collegeCode: string | null,
  limit: number,
): Promise<AuditQueue> {
  const commentsOfDeleted =
    queue.entered === 'CommentSubmitted' ? `AND NOT ${deletedBy("e.data->>'confessionId'")}` : '';
  const { rows } = await db.query<QueueRow>(
    `SELECT e.target_type AS type, e.target_id AS id, e.college_code AS "collegeCode", ${since} AS since,
            e.data->>'content' AS content, NULL AS reports, count(*) OVER () AS total
       FROM read_model.audit_events e
      WHERE e.type = $4 AND e.occurred_at <= $1 AND ($2::text IS NULL OR e.college_code = $2)
        AND NOT EXISTS (SELECT 1 FROM read_model.audit_events d
              WHERE d.target_type = e.target_type AND d.target_id = e.target_id
                AND d.type IN (${queue.left.map((type) => `'${type}'`).join(', ')}) AND d.occurred_at <= $1)
        ${commentsOfDeleted}
      ORDER BY e.occurred_at, e.event_id
      LIMIT $3`,
    [at, collegeCode, limit, queue.entered],
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
                    to_char(min(e.occurred_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS since,
                    max(e.occurred_at) AS latest, count(*) AS reports, min(e.occurred_at) AS first,
                    ${lastOf('ConfessionReportsReviewed')} AS reviewed,
                    (SELECT s.data->>'content' FROM read_model.audit_events s
                      WHERE s.target_type = 'confession' AND s.target_id = e.target_id AND s.type = 'ConfessionSubmitted') AS content
               FROM read_model.audit_events e
              WHERE e.type = 'ConfessionReported' AND e.occurred_at <= $1 AND ($2::text IS NULL OR e.college_code = $2)
                AND e.occurred_at > COALESCE(${lastOf('ConfessionReportsDismissed')}, '-infinity')
                AND NOT ${deletedBy('e.target_id')}
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
