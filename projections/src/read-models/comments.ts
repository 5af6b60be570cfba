import { isUuid } from '@secretchatbox/contracts';
import type { CommentItem, ModeratedComment } from '@secretchatbox/contracts';
import type { SqlExecutor } from '@secretchatbox/database';
import { defineProjection } from '../projection.js';
import type { ModerationPseudonymOf } from './moderation-pseudonym.js';

/** Comments; their count on the confession is the confessions projection's. */
export const commentsProjection = defineProjection('comments', {
  async CommentSubmitted(event, tx) {
    const author = event.metadata.actor.kind === 'visitor' ? event.metadata.actor.sessionId : 'unknown';
    await tx.query(
      `INSERT INTO read_model.comments (id, confession_id, content, nickname, author_session_id, status, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING`,
      [
        event.data.commentId,
        event.data.confessionId,
        event.data.content,
        event.data.nickname,
        author,
        'pending',
        event.recordedAt,
      ],
    );
  },
  async CommentApproved(event, tx) {
    await tx.query('UPDATE read_model.comments SET status = $2 WHERE id = $1', [event.data.commentId, 'approved']);
  },
  async CommentRejected(event, tx) {
    await tx.query('UPDATE read_model.comments SET status = $2 WHERE id = $1', [event.data.commentId, 'rejected']);
  },
});

/** An approved confession's approved comments, oldest first; null when the confession is not shown. */
export async function listApprovedComments(db: SqlExecutor, confessionId: string): Promise<CommentItem[] | null> {
  const { rows: shown } = await db.query(
    "SELECT 1 FROM read_model.confessions WHERE id = $1::uuid AND status = 'approved'",
    [confessionId],
  );
  if (shown.length === 0) return null;
  const { rows } = await db.query<CommentItem>(
    `SELECT id::text, content, nickname,
            to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "createdAt"
       FROM read_model.comments WHERE confession_id = $1::uuid AND status = 'approved'
      ORDER BY created_at, id`,
    [confessionId],
  );
  return rows;
}

/** The confession a comment belongs to, or null for an unknown comment. */
export async function findCommentConfessionId(db: SqlExecutor, commentId: string): Promise<string | null> {
  if (!isUuid(commentId)) return null;
  const { rows } = await db.query<{ confessionId: string }>(
    'SELECT confession_id::text AS "confessionId" FROM read_model.comments WHERE id = $1::uuid',
    [commentId],
  );
  return rows[0]?.confessionId ?? null;
}

/** Comments waiting for a decision, oldest first, on live confessions of one college or (null) all. */
export async function listPendingComments(
  db: SqlExecutor,
  collegeCode: string | null,
  limit: number,
  pseudonymOf: ModerationPseudonymOf,
): Promise<ModeratedComment[]> {
  const { rows } = await db.query<Omit<ModeratedComment, 'authorId'> & { authorSessionId: string }>(
    `SELECT m.id::text, m.content, m.nickname,
            to_char(m.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "createdAt",
            m.confession_id::text AS "confessionId", c.content AS "confessionContent", c.college_code AS "collegeCode",
            m.author_session_id AS "authorSessionId"
       FROM read_model.comments m JOIN read_model.confessions c ON c.id = m.confession_id
      WHERE m.status = 'pending' AND c.status <> 'deleted' AND ($1::text IS NULL OR c.college_code = $1)
      ORDER BY m.created_at, m.id LIMIT $2`,
    [collegeCode, limit],
  );
  return rows.map(({ authorSessionId, ...row }) => ({ ...row, authorId: pseudonymOf(authorSessionId) }));
}
