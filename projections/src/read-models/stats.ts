import type { PlatformStats } from '@secretchatbox/contracts';
import type { SqlExecutor } from '@secretchatbox/database';

/**
 * Figures for the landing page (every college) and the board's sidebar (one college). "Today"
 * starts at `dayStart`; active students are the distinct visitors who posted, liked, commented or
 * (every college only: a session belongs to none) started a session since `activeSince`.
 */
export async function platformStats(
  db: SqlExecutor,
  { dayStart, activeSince }: { dayStart: Date; activeSince: Date },
  collegeCode: string | null,
): Promise<PlatformStats> {
  const inCollege = `($3::text IS NULL OR c.college_code = $3)`;
  const { rows } = await db.query<Record<keyof PlatformStats, string>>(
    `SELECT
       (SELECT count(*) FROM read_model.confessions c WHERE c.status = 'approved' AND ${inCollege})::text
         AS "totalConfessions",
       (SELECT count(*) FROM read_model.confessions c WHERE c.created_at >= $1 AND ${inCollege})::text
         AS "confessionsToday",
       (SELECT count(*) FROM read_model.confession_likes l JOIN read_model.confessions c ON c.id = l.confession_id
         WHERE l.liked_at >= $1 AND ${inCollege})::text AS "likesToday",
       (SELECT count(*) FROM read_model.comments m JOIN read_model.confessions c ON c.id = m.confession_id
         WHERE m.created_at >= $1 AND ${inCollege})::text AS "commentsToday",
       (SELECT count(DISTINCT session_id) FROM (
          SELECT c.author_session_id AS session_id FROM read_model.confessions c WHERE c.created_at >= $2 AND ${inCollege}
          UNION ALL SELECT l.session_id FROM read_model.confession_likes l JOIN read_model.confessions c
            ON c.id = l.confession_id WHERE l.liked_at >= $2 AND ${inCollege}
          UNION ALL SELECT m.author_session_id FROM read_model.comments m JOIN read_model.confessions c
            ON c.id = m.confession_id WHERE m.created_at >= $2 AND ${inCollege}
          UNION ALL SELECT session_id FROM read_model.visitor_sessions WHERE started_at >= $2 AND $3::text IS NULL
        ) active)::text AS "activeStudents"`,
    [dayStart, activeSince, collegeCode],
  );
  const row = rows[0]!;
  return {
    totalConfessions: Number(row.totalConfessions),
    confessionsToday: Number(row.confessionsToday),
    likesToday: Number(row.likesToday),
    commentsToday: Number(row.commentsToday),
    activeStudents: Number(row.activeStudents),
  };
}
