import type { SessionView } from '@secretchatbox/contracts';
import type { SqlExecutor } from '@secretchatbox/database';
import { defineProjection } from '../projection.js';

export const visitorSessionsProjection = defineProjection('visitor-sessions', {
  async VisitorSessionStarted(event, tx) {
    await tx.query(
      `INSERT INTO read_model.visitor_sessions (session_id, started_at) VALUES ($1, $2)
         ON CONFLICT (session_id) DO NOTHING`,
      [event.data.sessionId, event.recordedAt],
    );
  },
});

export async function findVisitorSession(db: SqlExecutor, sessionId: string): Promise<SessionView | null> {
  const { rows } = await db.query<SessionView>(
    `SELECT session_id AS "sessionId", college_code AS "collegeCode", nickname
       FROM read_model.visitor_sessions WHERE session_id = $1`,
    [sessionId],
  );
  return rows[0] ?? null;
}
