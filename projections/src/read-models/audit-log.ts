import type { AuditTarget } from '@secretchatbox/contracts';
import type { SqlExecutor } from '@secretchatbox/database';
import type { LogPlace } from './chat-messages.js';

/** A row of the audit journal, as the audit queries read it. */
export type AuditEventRow = Readonly<{
  logCommit: string;
  logPrepare: string;
  eventId: string;
  at: string;
  action: string;
  targetType: AuditTarget['type'];
  targetId: string;
  collegeCode: string | null;
  actorKind: 'admin' | 'visitor' | 'system';
  actorId: string | null;
  actorUsername: string | null;
  actorRole: string | null;
  reasonCode: string | null;
  note: string | null;
  requestId: string | null;
  moderation: boolean;
  link: number | null;
  hash: string | null;
  data: Record<string, unknown>;
}>;

const columns = `e.log_commit::text AS "logCommit", e.log_prepare::text AS "logPrepare", e.event_id::text AS "eventId",
  to_char(e.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at, e.type AS action,
  e.target_type AS "targetType", e.target_id AS "targetId", e.college_code AS "collegeCode",
  e.actor_kind AS "actorKind", e.actor_id AS "actorId", e.actor_username AS "actorUsername", e.actor_role AS "actorRole",
  e.reason_code AS "reasonCode", e.note, e.request_id AS "requestId", e.moderation, l.link, encode(l.hash, 'hex') AS hash, e.data`;

/** The journal with each event's chain link, once the chain writer has made it. */
const linkedEvents = `read_model.audit_events e LEFT JOIN read_model.audit_links l ON l.event_id = e.event_id`;

/** The moderation log's filters; `collegeCode` null is every college. `from` inclusive, `to` exclusive. */
export type AuditLogFilter = Readonly<{
  collegeCode: string | null;
  /**
   * An admin, by id or username. Never a visitor: a session id taken from chat would find the
   * visitor's events, and with them the pseudonym they show.
   */
  actor?: string;
  action?: string;
  from?: string;
  to?: string;
}>;

export type AuditPage = Readonly<{ rows: AuditEventRow[]; next: LogPlace | null }>;

const placeOf = (row: AuditEventRow): LogPlace => ({ commit: BigInt(row.logCommit), prepare: BigInt(row.logPrepare) });

function page(rows: AuditEventRow[], limit: number): AuditPage {
  const shown = rows.slice(0, limit);
  return { rows: shown, next: rows.length > limit ? placeOf(shown.at(-1)!) : null };
}

/** Moderation events matching `filter`, newest first, before `before` when given. */
export async function readAuditLog(
  db: SqlExecutor,
  filter: AuditLogFilter,
  before: LogPlace | null,
  limit: number,
): Promise<AuditPage> {
  const { rows } = await db.query<AuditEventRow>(
    `SELECT ${columns} FROM ${linkedEvents}
      WHERE e.moderation
        AND ($1::text IS NULL OR e.college_code = $1)
        AND ($2::text IS NULL OR (e.actor_kind = 'admin' AND (e.actor_id = $2 OR lower(e.actor_username) = lower($2))))
        AND ($3::text IS NULL OR e.type = $3)
        AND ($4::timestamptz IS NULL OR e.occurred_at >= $4)
        AND ($5::timestamptz IS NULL OR e.occurred_at < $5)
        AND ($6::bigint IS NULL OR (e.log_commit, e.log_prepare) < ($6::bigint, $7::bigint))
      ORDER BY e.log_commit DESC, e.log_prepare DESC
      LIMIT $8`,
    [
      filter.collegeCode,
      filter.actor ?? null,
      filter.action ?? null,
      filter.from ?? null,
      filter.to ?? null,
      before?.commit.toString() ?? null,
      before?.prepare.toString() ?? null,
      limit + 1,
    ],
  );
  return page(rows, limit);
}

/** An item's events in log order, after `after` when given; with `until`, only those that had happened by then. */
export async function readItemEvents(
  db: SqlExecutor,
  target: AuditTarget,
  options: Readonly<{ after?: LogPlace | null; until?: string; limit: number }>,
): Promise<AuditPage> {
  const { after = null, until = null, limit } = options;
  const { rows } = await db.query<AuditEventRow>(
    `SELECT ${columns} FROM ${linkedEvents}
      WHERE e.target_type = $1 AND e.target_id = $2
        AND ($3::bigint IS NULL OR (e.log_commit, e.log_prepare) > ($3::bigint, $4::bigint))
        AND ($5::timestamptz IS NULL OR e.occurred_at <= $5)
      ORDER BY e.log_commit, e.log_prepare
      LIMIT $6`,
    [target.type, target.id, after?.commit.toString() ?? null, after?.prepare.toString() ?? null, until, limit + 1],
  );
  return page(rows, limit);
}

/**
 * The college an item belongs to: the latest its events name (an admin may have moved), null when
 * none does (the chief's account); undefined when it has no events.
 */
export async function findAuditItemCollege(db: SqlExecutor, target: AuditTarget): Promise<string | null | undefined> {
  const { rows } = await db.query<{ collegeCode: string | null }>(
    `SELECT college_code AS "collegeCode" FROM read_model.audit_events
      WHERE target_type = $1 AND target_id = $2
      ORDER BY college_code IS NULL, log_commit DESC, log_prepare DESC LIMIT 1`,
    [target.type, target.id],
  );
  return rows[0]?.collegeCode;
}

/** A confession's comments approved by `until` (now when absent): they are events of the comments. */
export async function countApprovedComments(
  db: SqlExecutor,
  confessionId: string,
  until: string | null,
): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM read_model.audit_events
      WHERE parent_id = $1 AND type = 'CommentApproved' AND ($2::timestamptz IS NULL OR occurred_at <= $2)`,
    [confessionId, until],
  );
  return rows[0]!.n;
}
