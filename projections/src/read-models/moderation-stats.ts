import type { ModerationStats } from '@secretchatbox/contracts';
import type { SqlExecutor } from '@secretchatbox/database';

/** The dashboards' figures for one college, or (null) every college. */
export async function moderationStats(db: SqlExecutor, collegeCode: string | null): Promise<ModerationStats> {
  const { rows } = await db.query<Record<string, string>>(
    `SELECT
       count(*) FILTER (WHERE c.status = 'pending')::text AS "pendingConfessions",
       count(*) FILTER (WHERE c.status = 'approved')::text AS "approvedConfessions",
       count(*) FILTER (WHERE c.status = 'rejected')::text AS "rejectedConfessions",
       count(*) FILTER (WHERE c.status <> 'deleted' AND c.reported_count > 0 AND NOT c.reports_reviewed)::text
         AS "reportedConfessions",
       (SELECT count(*) FROM read_model.comments m JOIN read_model.confessions k ON k.id = m.confession_id
         WHERE m.status = 'pending' AND k.status <> 'deleted' AND ($1::text IS NULL OR k.college_code = $1))::text
         AS "pendingComments",
       (SELECT count(*) FROM read_model.direct_messages d
         WHERE d.status = 'pending' AND ($1::text IS NULL OR d.college_code = $1))::text AS "pendingDirectMessages"
     FROM read_model.confessions c WHERE $1::text IS NULL OR c.college_code = $1`,
    [collegeCode],
  );
  const row = rows[0]!;
  return {
    collegeCode,
    pendingConfessions: Number(row.pendingConfessions),
    pendingComments: Number(row.pendingComments),
    pendingDirectMessages: Number(row.pendingDirectMessages),
    reportedConfessions: Number(row.reportedConfessions),
    approvedConfessions: Number(row.approvedConfessions),
    rejectedConfessions: Number(row.rejectedConfessions),
  };
}
