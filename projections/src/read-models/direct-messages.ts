import type { DirectMessage, ModeratedDirectMessage } from '@secretchatbox/contracts';
import type { SqlExecutor } from '@secretchatbox/database';
import { defineProjection } from '../projection.js';
import type { ModerationPseudonymOf } from './moderation-pseudonym.js';

export const directMessagesProjection = defineProjection('direct-messages', {
  async DirectMessageSent(event, tx) {
    const { messageId, fromSessionId, toSessionId, collegeCode, content } = event.data;
    await tx.query(
      `INSERT INTO read_model.direct_messages (id, from_session_id, to_session_id, college_code, content, status, created_at)
       VALUES ($1, $2, $3, $4, $5, 'pending', $6) ON CONFLICT (id) DO NOTHING`,
      [messageId, fromSessionId, toSessionId, collegeCode, content, event.recordedAt],
    );
  },
  async DirectMessageModerated(event, tx) {
    await tx.query(
      'UPDATE read_model.direct_messages SET status = $2, admin_note = $3, decided_at = $4 WHERE id = $1',
      [event.data.messageId, event.data.status, event.data.adminNote, event.recordedAt],
    );
  },
});

/** Direct messages waiting for a decision, oldest first; sender and recipient as moderators see authors. */
export async function listPendingDirectMessages(
  db: SqlExecutor,
  collegeCode: string | null,
  limit: number,
  pseudonymOf: ModerationPseudonymOf,
): Promise<ModeratedDirectMessage[]> {
  const { rows } = await db.query<ModeratedDirectMessage>(
    `SELECT id::text, content, from_session_id AS "fromSessionId", to_session_id AS "toSessionId",
            college_code AS "collegeCode", status, admin_note AS "adminNote",
            to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "createdAt"
       FROM read_model.direct_messages
      WHERE status = 'pending' AND ($1::text IS NULL OR college_code = $1)
      ORDER BY created_at, id LIMIT $2`,
    [collegeCode, limit],
  );
  return rows.map((row) => ({
    ...row,
    fromSessionId: pseudonymOf(row.fromSessionId),
    toSessionId: pseudonymOf(row.toSessionId),
  }));
}

/**
 * A visitor's direct messages, newest first: every one sent, with its status and note, and those
 * received that a moderator approved (never a pending or rejected one, nor its note).
 */
export async function listVisitorDirectMessages(
  db: SqlExecutor,
  sessionId: string,
  limit: number,
): Promise<DirectMessage[]> {
  const { rows } = await db.query<DirectMessage>(
    `SELECT id::text, content, from_session_id AS "fromSessionId", to_session_id AS "toSessionId", status,
            CASE WHEN from_session_id = $1 THEN admin_note END AS "adminNote",
            to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "createdAt"
       FROM (
         (SELECT * FROM read_model.direct_messages WHERE from_session_id = $1 ORDER BY created_at DESC LIMIT $2)
         UNION ALL
         (SELECT * FROM read_model.direct_messages WHERE to_session_id = $1 AND status = 'approved'
                                                     AND from_session_id <> $1
           ORDER BY created_at DESC LIMIT $2)
       ) mine
      ORDER BY created_at DESC, id LIMIT $2`,
    [sessionId, limit],
  );
  return rows;
}
