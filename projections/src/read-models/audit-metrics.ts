import type { AuditDecisionTimes, AuditMetrics, AuditVolume, DomainEventType } from '@secretchatbox/contracts';
import type { SqlExecutor } from '@secretchatbox/database';

/** The events that put an item before a moderator, and the decisions that answer them. */
const submissions: readonly DomainEventType[] = ['ConfessionSubmitted', 'CommentSubmitted', 'DirectMessageSent'];
const decisions: readonly DomainEventType[] = [
  'ConfessionApproved',
  'ConfessionRejected',
  'ConfessionDeleted',
  'CommentApproved',
  'CommentRejected',
  'DirectMessageModerated',
];

const day = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;

/**
 * Per UTC day and college in [from, to): how many moderation events of each action, and for the
 * items first decided that day, the time from submission to that first decision (p50, p90).
 */
export async function readModerationMetrics(
  db: SqlExecutor,
  from: string,
  to: string,
  collegeCode: string | null,
): Promise<AuditMetrics> {
  const [volume, times] = await Promise.all([
    db.query<Omit<AuditVolume, 'count'> & { count: string }>(
      `SELECT ${day('e.occurred_at')} AS day, e.college_code AS "collegeCode", e.type AS action, count(*)::text AS count
         FROM read_model.audit_events e
        WHERE e.moderation AND e.occurred_at >= $1 AND e.occurred_at < $2 AND ($3::text IS NULL OR e.college_code = $3)
        GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
      [from, to, collegeCode],
    ),
    db.query<{ day: string; collegeCode: string | null; decisions: string; p50: number; p90: number }>(
      `SELECT ${day('f.decided_at')} AS day, f.college_code AS "collegeCode", count(*)::text AS decisions,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY f.seconds) AS p50,
              percentile_cont(0.9) WITHIN GROUP (ORDER BY f.seconds) AS p90
         FROM (SELECT DISTINCT ON (d.target_type, d.target_id) d.occurred_at AS decided_at, s.college_code,
                      extract(epoch FROM d.occurred_at - s.occurred_at) AS seconds
                 FROM read_model.audit_events d
                 JOIN read_model.audit_events s
                   ON s.target_type = d.target_type AND s.target_id = d.target_id AND s.type = ANY($5::text[])
                WHERE d.type = ANY($4::text[]) AND d.occurred_at < $2
                  AND ($3::text IS NULL OR s.college_code = $3)
                ORDER BY d.target_type, d.target_id, d.occurred_at) f
        WHERE f.decided_at >= $1
        GROUP BY 1, 2 ORDER BY 1, 2`,
      [from, to, collegeCode, decisions, submissions],
    ),
  ]);
  const decisionTimes: AuditDecisionTimes[] = times.rows.map((row) => ({
    day: row.day,
    collegeCode: row.collegeCode,
    decisions: Number(row.decisions),
    p50Seconds: Math.round(Number(row.p50)),
    p90Seconds: Math.round(Number(row.p90)),
  }));
  return { from, to, volume: volume.rows.map((row) => ({ ...row, count: Number(row.count) })), decisionTimes };
}
