import type { Category, ConfessionItem, ModeratedConfession, moderationListViews } from '@secretchatbox/contracts';
import type { SqlExecutor } from '@secretchatbox/database';
import { type BatchReport, defineProjection, type ProjectedEvent } from '../projection.js';
import type { ModerationPseudonymOf } from './moderation-pseudonym.js';

/** A moderator's decision: the confession's status, and when it was taken. */
async function recordDecision(
  tx: SqlExecutor,
  event: { data: { confessionId: string }; recordedAt: Date },
  status: 'approved' | 'rejected' | 'deleted',
): Promise<void> {
  await tx.query('UPDATE read_model.confessions SET status = $2, decided_at = $3 WHERE id = $1', [
    event.data.confessionId,
    status,
    event.recordedAt,
  ]);
}

export const confessionsProjection = defineProjection(
  'confessions',
  {
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
    ConfessionApproved: (event, tx) => recordDecision(tx, event, 'approved'),
    async ConfessionLiked(event, tx) {
      await tx.query(
        `INSERT INTO read_model.confession_likes (confession_id, session_id, liked_at) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING`,
        [event.data.confessionId, event.data.sessionId, event.recordedAt],
      );
      await tx.query('UPDATE read_model.confessions SET likes = likes + 1 WHERE id = $1', [event.data.confessionId]);
    },
    async ConfessionUnliked(event, tx) {
      await tx.query('DELETE FROM read_model.confession_likes WHERE confession_id = $1 AND session_id = $2', [
        event.data.confessionId,
        event.data.sessionId,
      ]);
      await tx.query('UPDATE read_model.confessions SET likes = likes - 1 WHERE id = $1', [event.data.confessionId]);
    },
    async ConfessionReported(event, tx) {
      await tx.query(
        `INSERT INTO read_model.confession_reports (confession_id, session_id, reason, note, reported_at)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
        [event.data.confessionId, event.data.sessionId, event.data.reason, event.data.note, event.recordedAt],
      );
      // A new report puts a reviewed confession back in the reported queue.
      await tx.query(
        'UPDATE read_model.confessions SET reported_count = reported_count + 1, reports_reviewed = false WHERE id = $1',
        [event.data.confessionId],
      );
    },
    async ConfessionReportsReviewed(event, tx) {
      await tx.query('UPDATE read_model.confessions SET reports_reviewed = true WHERE id = $1', [
        event.data.confessionId,
      ]);
    },
    async ConfessionReportsDismissed(event, tx) {
      await tx.query('UPDATE read_model.confession_reports SET dismissed = true WHERE confession_id = $1', [
        event.data.confessionId,
      ]);
      await tx.query(
        'UPDATE read_model.confessions SET reported_count = 0, reports_reviewed = false, hidden = false WHERE id = $1',
        [event.data.confessionId],
      );
    },
    /** Deleted confessions leave every view; their events stay for auditors. */
    ConfessionDeleted: (event, tx) => recordDecision(tx, event, 'deleted'),
    async ConfessionHidden(event, tx) {
      await tx.query('UPDATE read_model.confessions SET hidden = true WHERE id = $1', [event.data.confessionId]);
    },
    ConfessionRejected: (event, tx) => recordDecision(tx, event, 'rejected'),
    async CommentApproved(event, tx) {
      await tx.query('UPDATE read_model.confessions SET comment_count = comment_count + 1 WHERE id = $1', [
        event.data.confessionId,
      ]);
    },
  },
  reportLikes,
);

/**
 * A confession's likes as a batch that liked or unliked it left them (`confessionsProjection`'s
 * report); null for one not shown (not approved, or hidden by reports).
 */
export type ReportedLikes = Readonly<{ id: string; likes: number | null }>;

/**
 * The likes of the confessions that a batch's likes and unlikes changed: what each toggle answers
 * with, read once for the batch with its writes instead of once per toggle.
 */
function reportLikes(events: readonly ProjectedEvent[]): BatchReport | null {
  const toggled = new Set<string>();
  for (const event of events) {
    if (event.type === 'ConfessionLiked' || event.type === 'ConfessionUnliked') toggled.add(event.data.confessionId);
  }
  if (toggled.size === 0) return null;
  return {
    sql: `SELECT t.id::text AS id, c.likes FROM unnest($1::uuid[]) AS t(id)
            LEFT JOIN read_model.approved_confessions($1::uuid[]) c ON c.id = t.id::text`,
    params: [[...toggled]],
  };
}

/** A confession as everyone sees it, the same for every viewer: never its author. */
export type PublicConfession = Omit<ConfessionItem, 'liked' | 'reported'>;

export type FeedQuery = Readonly<{
  collegeCode?: string;
  category?: Category;
  q?: string;
  sort: 'newest' | 'popular';
  after?: { likes: number; createdAt: string; id: string };
  limit: number;
}>;

const publicColumns = `c.id::text, c.content, c.category, c.nickname, c.college_code AS "collegeCode", c.likes,
  c.comment_count AS "commentCount",
  to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "createdAt"`;

/**
 * The search as a full-text query that matches word prefixes, every word required ("wif" finds
 * "wifi"): only letters and digits reach the query, so no search text is read as an operator.
 * Null when the text holds no word.
 */
export function prefixSearch(q: string): string | null {
  const words = q.match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.length > 0 ? words.map((word) => `${word}:*`).join(' & ') : null;
}

/** Approved confessions, newest or most liked first, a page after a cursor. */
export async function listApprovedConfessions(db: SqlExecutor, query: FeedQuery): Promise<PublicConfession[]> {
  const popular = query.sort === 'popular';
  const search = query.q === undefined ? null : prefixSearch(query.q);
  // A search of nothing but punctuation matches nothing, as a search for words would.
  if (query.q !== undefined && search === null) return [];
  const params: unknown[] = [query.collegeCode ?? null, query.category ?? null, search, query.limit];
  let after = '';
  if (query.after) {
    params.push(query.after.createdAt, query.after.id);
    after = 'AND (c.created_at, c.id) < ($5::timestamptz, $6::uuid)';
    if (popular) {
      params.push(query.after.likes);
      after = `AND (c.likes < $7::int OR (c.likes = $7::int ${after}))`;
    }
  }
  const { rows } = await db.query<PublicConfession>(
    `SELECT ${publicColumns} FROM read_model.confessions c
      WHERE c.status = 'approved' AND NOT c.hidden
        AND ($1::text IS NULL OR c.college_code = $1)
        AND ($2::text IS NULL OR c.category = $2)
        AND ($3::text IS NULL OR to_tsvector('simple', c.content) @@ to_tsquery('simple', $3))
        ${after}
      ORDER BY ${popular ? 'c.likes DESC, ' : ''}c.created_at DESC, c.id DESC
      LIMIT $4`,
    params,
  );
  return rows.map(toPublic);
}

/**
 * Daily Featured of a college (and category): the most liked shown confession approved among
 * those posted since `since`, else the newest one; null when there is none.
 */
export async function findFeaturedConfession(
  db: SqlExecutor,
  { collegeCode, category, since }: { collegeCode?: string; category?: Category; since: Date },
): Promise<PublicConfession | null> {
  const shown = `c.status = 'approved' AND NOT c.hidden AND ($1::text IS NULL OR c.college_code = $1)
    AND ($2::text IS NULL OR c.category = $2)`;
  const { rows } = await db.query<PublicConfession>(
    `(SELECT ${publicColumns}, 0 AS fallback FROM read_model.confessions c WHERE ${shown} AND c.created_at >= $3
       ORDER BY c.likes DESC, c.created_at DESC, c.id DESC LIMIT 1)
     UNION ALL
     (SELECT ${publicColumns}, 1 FROM read_model.confessions c WHERE ${shown}
       ORDER BY c.created_at DESC, c.id DESC LIMIT 1)
     ORDER BY fallback LIMIT 1`,
    [collegeCode ?? null, category ?? null, since],
  );
  const [row] = rows as (PublicConfession & { fallback?: number })[];
  if (!row) return null;
  const { fallback: _order, ...confession } = row;
  return toPublic(confession);
}

function toPublic(row: PublicConfession): PublicConfession {
  return { ...row, likes: Number(row.likes), commentCount: Number(row.commentCount) };
}

/** The approved, shown confessions among `ids`, by id: one query for reads made together (TurnBatch). */
export async function findApprovedConfessions(
  db: SqlExecutor,
  ids: readonly string[],
): Promise<ReadonlyMap<string, PublicConfession>> {
  const { rows } = await db.query<PublicConfession>('SELECT * FROM read_model.approved_confessions($1::uuid[])', [ids]);
  return new Map(rows.map((row) => [row.id, toPublic(row)]));
}

export type MarksAsked = Readonly<{ viewer: string; confessionIds: readonly string[] }>;
/** What a viewer did to confessions: the ids liked, and the ids reported. */
export type ViewerMarks = Readonly<{ liked: ReadonlySet<string>; reported: ReadonlySet<string> }>;

/**
 * For each of `asks`, which of its confessions its viewer liked and which they reported: one
 * lookup per pair in each table's primary key, for all the viewers that ask together (TurnBatch),
 * so that a page everyone sees alike can be shared and only this is asked per viewer.
 */
export async function viewerMarksAmong(db: SqlExecutor, asks: readonly MarksAsked[]): Promise<ViewerMarks[]> {
  const pairs = asks.flatMap(({ viewer, confessionIds }) => confessionIds.map((id) => [viewer, id] as const));
  const marks = asks.map(() => ({ liked: new Set<string>(), reported: new Set<string>() }));
  if (pairs.length === 0) return marks;
  const { rows } = await db.query<{ viewer: string; id: string; liked: boolean; reported: boolean }>(
    'SELECT * FROM read_model.viewer_marks($1::text[], $2::uuid[])',
    [pairs.map(([viewer]) => viewer), pairs.map(([, id]) => id)],
  );
  const byViewer = new Map<string, Map<string, { liked: boolean; reported: boolean }>>();
  for (const { viewer, id, liked, reported } of rows) {
    byViewer.set(viewer, (byViewer.get(viewer) ?? new Map()).set(id, { liked, reported }));
  }
  return asks.map(({ viewer, confessionIds }, index) => {
    const ofViewer = byViewer.get(viewer);
    const mark = marks[index]!;
    for (const id of confessionIds) {
      const found = ofViewer?.get(id);
      if (found?.liked) mark.liked.add(id);
      if (found?.reported) mark.reported.add(id);
    }
    return mark;
  });
}

type ModeratedConfessionRow = Omit<ModeratedConfession, 'authorId'> & { authorSessionId: string };

const moderatedColumns = `c.id::text, c.content, c.category, c.nickname, c.college_code AS "collegeCode", c.likes,
  c.comment_count AS "commentCount",
  to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "createdAt",
  c.status, c.reported_count AS "reportedCount", c.reports_reviewed AS "reportsReviewed", c.hidden,
  c.author_session_id AS "authorSessionId",
  CASE WHEN c.reported_count = 0 THEN '[]'::json ELSE (
    SELECT COALESCE(json_agg(json_build_object('reason', r.reason, 'note', r.note,
      'reportedAt', to_char(r.reported_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')) ORDER BY r.reported_at), '[]')
    FROM read_model.confession_reports r WHERE r.confession_id = c.id AND NOT r.dismissed) END AS reports`;

function toModerated(
  { authorSessionId, ...row }: ModeratedConfessionRow,
  pseudonymOf: ModerationPseudonymOf,
): ModeratedConfession {
  return {
    ...row,
    likes: Number(row.likes),
    commentCount: Number(row.commentCount),
    reportedCount: Number(row.reportedCount),
    authorId: pseudonymOf(authorSessionId),
  };
}

/**
 * A college's confessions as moderators see them, newest first (at most `limit`): pending only,
 * those with open reports, or every status but deleted.
 */
export async function listCollegeConfessions(
  db: SqlExecutor,
  collegeCode: string,
  view: (typeof moderationListViews)[number],
  limit: number,
  pseudonymOf: ModerationPseudonymOf,
): Promise<ModeratedConfession[]> {
  const { rows } = await db.query<ModeratedConfessionRow>(
    `SELECT ${moderatedColumns} FROM read_model.confessions c
      WHERE c.college_code = $1 AND (CASE $2
        WHEN 'pending' THEN c.status = 'pending'
        WHEN 'reported' THEN c.status <> 'deleted' AND c.reported_count > 0 AND NOT c.reports_reviewed
        ELSE c.status <> 'deleted' END)
      ORDER BY c.created_at DESC, c.id DESC LIMIT $3`,
    [collegeCode, view, limit],
  );
  return rows.map((row) => toModerated(row, pseudonymOf));
}

/** The confessions waiting for a decision, oldest first, in one college or (null) all of them. */
export async function listPendingConfessions(
  db: SqlExecutor,
  collegeCode: string | null,
  limit: number,
  pseudonymOf: ModerationPseudonymOf,
): Promise<ModeratedConfession[]> {
  const { rows } = await db.query<ModeratedConfessionRow>(
    `SELECT ${moderatedColumns} FROM read_model.confessions c
      WHERE c.status = 'pending' AND ($1::text IS NULL OR c.college_code = $1)
      ORDER BY c.created_at, c.id LIMIT $2`,
    [collegeCode, limit],
  );
  return rows.map((row) => toModerated(row, pseudonymOf));
}
