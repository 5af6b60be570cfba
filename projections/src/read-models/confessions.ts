import type { Category } from '@secretchatbox/contracts';
import type { SqlExecutor } from '@secretchatbox/database';
import { defineProjection } from '../projection.js';

export const confessionsProjection = defineProjection('confessions', {
  async ConfessionSubmitted(event, tx) {
    const author = event.metadata.actor.kind === 'visitor' ? event.metadata.actor.sessionId : 'unknown';
    await tx.query(
      `INSERT INTO read_model.confessions (id, college_code, category, content, nickname, author_session_id, status, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING`,
      [
        event.data.confessionId,
        event.data.collegeCode,
        event.data.category,
        event.data.content,
        event.data.nickname,
        author,
        'pending',
        event.recordedAt,
      ],
    );
  },
  async ConfessionApproved(event, tx) {
    await tx.query('UPDATE read_model.confessions SET status = $2, decided_at = $3 WHERE id = $1', [
      event.data.confessionId,
      'approved',
      event.recordedAt,
    ]);
  },
  async ConfessionRejected(event, tx) {
    await tx.query('UPDATE read_model.confessions SET status = $2, decided_at = $3 WHERE id = $1', [
      event.data.confessionId,
      'rejected',
      event.recordedAt,
    ]);
  },
});

/** A confession as the public sees it: never its author. */
export type PublicConfession = {
  id: string;
  content: string;
  category: Category;
  nickname: string | null;
  collegeCode: string;
  likes: number;
  commentCount: number;
  createdAt: string;
};

export type FeedQuery = Readonly<{
  collegeCode?: string;
  category?: Category;
  q?: string;
  sort: 'newest' | 'popular';
  after?: { likes: number; createdAt: string; id: string };
  limit: number;
}>;

const publicColumns = `id::text, content, category, nickname, college_code AS "collegeCode", likes,
  comment_count AS "commentCount", to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "createdAt"`;

/** Approved confessions, newest or most liked first, a page after a cursor. */
export async function listApprovedConfessions(db: SqlExecutor, query: FeedQuery): Promise<PublicConfession[]> {
  const popular = query.sort === 'popular';
  const params: unknown[] = [query.collegeCode ?? null, query.category ?? null, query.q ?? null, query.limit];
  let after = '';
  if (query.after) {
    params.push(query.after.createdAt, query.after.id);
    after = 'AND (created_at, id) < ($5::timestamptz, $6::uuid)';
    if (popular) {
      params.push(query.after.likes);
      after = `AND (likes < $7::int OR (likes = $7::int ${after}))`;
    }
  }
  const { rows } = await db.query<PublicConfession>(
    `SELECT ${publicColumns} FROM read_model.confessions
      WHERE status = 'approved'
        AND ($1::text IS NULL OR college_code = $1)
        AND ($2::text IS NULL OR category = $2)
        AND ($3::text IS NULL OR to_tsvector('simple', content) @@ plainto_tsquery('simple', $3))
        ${after}
      ORDER BY ${popular ? 'likes DESC, ' : ''}created_at DESC, id DESC
      LIMIT $4`,
    params,
  );
  return rows.map(toPublic);
}

function toPublic(row: PublicConfession): PublicConfession {
  return { ...row, likes: Number(row.likes), commentCount: Number(row.commentCount) };
}

export async function findApprovedConfession(db: SqlExecutor, id: string): Promise<PublicConfession | null> {
  const { rows } = await db.query<PublicConfession>(
    `SELECT ${publicColumns} FROM read_model.confessions WHERE id = $1::uuid AND status = 'approved'`,
    [id],
  );
  const row = rows[0];
  return row ? toPublic(row) : null;
}
