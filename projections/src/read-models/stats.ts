import type { PlatformStats } from '@secretchatbox/contracts';
import type { SqlExecutor } from '@secretchatbox/database';

/**
 * Figures for the landing page and the sidebar. "Today" starts at `dayStart`; active students
 * are the distinct visitors who posted, liked, commented or started a session since `activeSince`.
 */
export async function platformStats(db: SqlExecutor, dayStart: Date, activeSince: Date): Promise<PlatformStats> {
  const { rows } = await db.query<Record<keyof PlatformStats, string>>(
    `SELECT
       (SELECT count(*) FROM read_model.confessions WHERE status = 'approved')::text AS "totalConfessions",
       (SELECT count(*) FROM read_model.confessions WHERE created_at >= $1)::text AS "confessionsToday",
       (SELECT count(*) FROM read_model.confession_likes WHERE liked_at >= $1)::text AS "likesToday",
       (SELECT count(*) FROM read_model.comments WHERE created_at >= $1)::text AS "commentsToday",
       (SELECT count(DISTINCT session_id) FROM (
          SELECT author_session_id AS session_id FROM read_model.confessions WHERE created_at >= $2
          UNION ALL SELECT session_id FROM read_model.confession_likes WHERE liked_at >= $2
          UNION ALL SELECT author_session_id FROM read_model.comments WHERE created_at >= $2
          UNION ALL SELECT session_id FROM read_model.visitor_sessions WHERE started_at >= $2
        ) active)::text AS "activeStudents"`,
    [dayStart, activeSince],
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
