import { keyLookupPlans, type Migration } from '@secretchatbox/database';

export const readModelComponent = 'read-model';
export const readModelSchema = 'read_model';

/** Versioned changes to the read-model schema; a rebuild drops the schema and runs them all again. */
export const readModelMigrations: readonly Migration[] = [
  {
    version: 1,
    name: 'checkpoints, colleges, rooms, sessions, admin accounts, daily usage',
    sql: `
CREATE SCHEMA IF NOT EXISTS read_model;

CREATE TABLE read_model.projection_checkpoints (
  name text PRIMARY KEY,
  commit_position numeric NOT NULL,
  prepare_position numeric NOT NULL,
  recorded_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

CREATE TABLE read_model.colleges (
  id uuid PRIMARY KEY,
  code text NOT NULL UNIQUE,
  name text NOT NULL,
  registered_at timestamptz NOT NULL
);

CREATE TABLE read_model.chat_rooms (
  id uuid PRIMARY KEY,
  college_code text NOT NULL,
  name text NOT NULL,
  sort_order integer NOT NULL,
  opened_at timestamptz NOT NULL
);
CREATE INDEX chat_rooms_by_college ON read_model.chat_rooms (college_code, sort_order);

CREATE TABLE read_model.visitor_sessions (
  session_id text PRIMARY KEY,
  college_code text,
  nickname text,
  started_at timestamptz NOT NULL
);

CREATE TABLE read_model.admin_accounts (
  id uuid PRIMARY KEY,
  username text NOT NULL,
  password_hash text NOT NULL,
  role text NOT NULL,
  college_code text,
  status text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX admin_accounts_username ON read_model.admin_accounts (lower(username));

CREATE TABLE read_model.admin_sessions (
  session_hash text PRIMARY KEY,
  admin_id uuid NOT NULL,
  expires_at timestamptz NOT NULL,
  signed_out_at timestamptz
);
CREATE INDEX admin_sessions_by_admin ON read_model.admin_sessions (admin_id);

CREATE TABLE read_model.daily_usage (
  session_id text NOT NULL,
  quota_day date NOT NULL,
  confessions integer NOT NULL DEFAULT 0,
  chat_messages integer NOT NULL DEFAULT 0,
  PRIMARY KEY (session_id, quota_day)
);
`,
  },
  {
    version: 2,
    name: 'confessions',
    sql: `
CREATE TABLE read_model.confessions (
  id uuid PRIMARY KEY,
  college_code text NOT NULL,
  category text NOT NULL,
  content text NOT NULL,
  nickname text,
  author_session_id text NOT NULL,
  status text NOT NULL,
  likes integer NOT NULL DEFAULT 0,
  comment_count integer NOT NULL DEFAULT 0,
  reported_count integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  decided_at timestamptz
);
CREATE INDEX confessions_feed_newest ON read_model.confessions (created_at DESC, id DESC) WHERE status = 'approved';
CREATE INDEX confessions_feed_by_college ON read_model.confessions (college_code, created_at DESC, id DESC) WHERE status = 'approved';
CREATE INDEX confessions_by_status ON read_model.confessions (college_code, status, created_at);
CREATE INDEX confessions_search ON read_model.confessions USING gin (to_tsvector('simple', content)) WHERE status = 'approved';
`,
  },
  {
    version: 3,
    name: 'confession likes',
    sql: `
CREATE TABLE read_model.confession_likes (
  confession_id uuid NOT NULL,
  session_id text NOT NULL,
  liked_at timestamptz NOT NULL,
  PRIMARY KEY (confession_id, session_id)
);
`,
  },
  {
    version: 4,
    name: 'comments',
    sql: `
CREATE TABLE read_model.comments (
  id uuid PRIMARY KEY,
  confession_id uuid NOT NULL,
  content text NOT NULL,
  nickname text,
  author_session_id text NOT NULL,
  status text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX comments_by_confession ON read_model.comments (confession_id, created_at, id) WHERE status = 'approved';
CREATE INDEX comments_pending ON read_model.comments (created_at) WHERE status = 'pending';
`,
  },
  {
    version: 5,
    name: 'reports and hiding',
    sql: `
ALTER TABLE read_model.confessions ADD COLUMN hidden boolean NOT NULL DEFAULT false;
CREATE TABLE read_model.confession_reports (
  confession_id uuid NOT NULL,
  session_id text NOT NULL,
  reason text NOT NULL,
  note text,
  reported_at timestamptz NOT NULL,
  PRIMARY KEY (confession_id, session_id)
);
`,
  },
  {
    version: 6,
    name: 'moderation: deletion, report review, archived rooms, direct messages',
    sql: `
ALTER TABLE read_model.confessions ADD COLUMN reports_reviewed boolean NOT NULL DEFAULT false;
CREATE INDEX confessions_pending ON read_model.confessions (created_at, id) WHERE status = 'pending';
CREATE INDEX confessions_reported ON read_model.confessions (college_code) WHERE reported_count > 0 AND NOT reports_reviewed;
ALTER TABLE read_model.chat_rooms ADD COLUMN archived_at timestamptz;
CREATE TABLE read_model.direct_messages (
  id uuid PRIMARY KEY,
  from_session_id text NOT NULL,
  to_session_id text NOT NULL,
  college_code text NOT NULL,
  content text NOT NULL,
  status text NOT NULL,
  admin_note text,
  created_at timestamptz NOT NULL,
  decided_at timestamptz
);
CREATE INDEX direct_messages_pending ON read_model.direct_messages (college_code, created_at) WHERE status = 'pending';
`,
  },
  {
    version: 7,
    name: 'secondary indexes deferred while a rebuild replays the log',
    sql: `
CREATE TABLE read_model.deferred_indexes (
  name text PRIMARY KEY,
  definition text NOT NULL
);
`,
  },
  {
    version: 8,
    // Functions, so that their plans are kept (keyLookupPlans): a like's answer reads its
    // confession back, and every feed read with a session asks which items its viewer liked. The
    // columns are spelled out: a migration's text must not change with the feed's query.
    name: 'point reads planned once per connection',
    sql: `
CREATE FUNCTION read_model.approved_confessions(p_ids uuid[])
RETURNS TABLE (id text, content text, category text, nickname text, "collegeCode" text, likes integer,
               "commentCount" integer, "createdAt" text)
LANGUAGE plpgsql STABLE ${keyLookupPlans}
AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
    SELECT c.id::text, c.content, c.category, c.nickname, c.college_code, c.likes, c.comment_count,
           to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
      FROM read_model.confessions c
     WHERE c.id = ANY(p_ids) AND c.status = 'approved' AND NOT c.hidden;
END;
$$;

CREATE FUNCTION read_model.liked_among(p_sessions text[], p_confessions uuid[])
RETURNS TABLE (viewer text, id text)
LANGUAGE plpgsql STABLE ${keyLookupPlans}
AS $$
BEGIN
  RETURN QUERY
    SELECT l.session_id, l.confession_id::text
      FROM unnest(p_sessions, p_confessions) AS asked(session_id, confession_id)
      JOIN read_model.confession_likes l USING (confession_id, session_id);
END;
$$;
`,
  },
  {
    version: 9,
    // The hashes left the events for the write side's credentials table.
    name: 'admin accounts without password hashes',
    sql: 'ALTER TABLE read_model.admin_accounts DROP COLUMN password_hash;',
  },
  {
    version: 10,
    // A room's history pages back by log position, newest first; removed messages never show.
    name: 'chat messages',
    sql: `
CREATE TABLE read_model.chat_messages (
  id uuid PRIMARY KEY,
  room_id uuid NOT NULL,
  college_code text NOT NULL,
  session_id text NOT NULL,
  is_admin boolean NOT NULL,
  nickname text,
  content text NOT NULL,
  created_at timestamptz NOT NULL,
  log_commit bigint NOT NULL,
  log_prepare bigint NOT NULL,
  removed boolean NOT NULL DEFAULT false
);
CREATE INDEX chat_messages_history ON read_model.chat_messages (room_id, log_commit DESC, log_prepare DESC)
  WHERE NOT removed;
`,
  },
  {
    version: 11,
    // Every event of an item, as recorded, for auditors: the moderation log (moderation events,
    // newest first), items' histories and their state as of any moment, and the chain's links.
    name: 'audit journal',
    sql: `
CREATE TABLE read_model.audit_events (
  event_id uuid PRIMARY KEY,
  log_commit bigint NOT NULL,
  log_prepare bigint NOT NULL,
  occurred_at timestamptz NOT NULL,
  type text NOT NULL,
  target_type text NOT NULL,
  target_id text NOT NULL,
  -- A comment's confession: what counts a confession's comments as of a moment.
  parent_id text,
  college_code text,
  actor_kind text NOT NULL,
  actor_id text,
  actor_username text,
  actor_role text,
  reason_code text,
  note text,
  moderation boolean NOT NULL,
  data jsonb NOT NULL,
  link integer,
  hash text
);
-- An item's events (ids are UUIDs, unique across kinds). Unique, so that a rebuild keeps it: a
-- student's like, report or comment, which name no college, take their confession's from its
-- submission through it during the replay too.
CREATE UNIQUE INDEX audit_events_by_item ON read_model.audit_events (target_id, event_id);
CREATE INDEX audit_log ON read_model.audit_events (log_commit DESC, log_prepare DESC) WHERE moderation;
CREATE INDEX audit_log_by_college ON read_model.audit_events (college_code, log_commit DESC, log_prepare DESC)
  WHERE moderation;
CREATE INDEX audit_queue_entries ON read_model.audit_events (type, occurred_at)
  WHERE type IN ('ConfessionSubmitted', 'CommentSubmitted', 'DirectMessageSent', 'ConfessionReported');
-- What takes an item out of its queue, by item and time: a queue as of a moment asks it of every
-- item that was waiting then, and answers from this index alone.
CREATE INDEX audit_queue_exits ON read_model.audit_events (target_type, target_id, occurred_at)
  WHERE type IN ('ConfessionApproved', 'ConfessionRejected', 'ConfessionDeleted', 'CommentApproved',
                 'CommentRejected', 'DirectMessageModerated');
CREATE INDEX audit_events_by_parent ON read_model.audit_events (parent_id, type) WHERE parent_id IS NOT NULL;

`,
  },
  {
    version: 12,
    // The chain's links in a table of their own, written once each: set on the journal's rows, each
    // link rewrote a whole row and every index entry of it, which took a third of a rebuild's time.
    // Keyed by link, so that a rebuild appends to its index in order; found by event through an
    // index that a rebuild builds once the table is filled.
    name: 'audit chain links',
    sql: `
CREATE TABLE read_model.audit_links (
  link integer PRIMARY KEY,
  event_id uuid NOT NULL,
  hash text NOT NULL
);
INSERT INTO read_model.audit_links (link, event_id, hash)
  SELECT link, event_id, hash FROM read_model.audit_events WHERE link IS NOT NULL;
ALTER TABLE read_model.audit_events DROP COLUMN link, DROP COLUMN hash;
CREATE INDEX audit_links_by_event ON read_model.audit_links (event_id);
`,
  },
  {
    version: 13,
    // A visitor's own direct messages, sent and received; and the college where a visitor last
    // spoke in chat, which a direct message is moderated in.
    name: 'direct messages by visitor',
    sql: `
CREATE INDEX direct_messages_by_sender ON read_model.direct_messages (from_session_id, created_at DESC);
CREATE INDEX direct_messages_received ON read_model.direct_messages (to_session_id, created_at DESC)
  WHERE status = 'approved';
CREATE INDEX chat_messages_by_session ON read_model.chat_messages (session_id, created_at DESC);
`,
  },
  {
    version: 14,
    // Random pairs (who was paired with whom, and how it ended) and the reports of pairs.
    name: 'random pairing',
    sql: `
CREATE TABLE read_model.pairs (
  pair_id uuid PRIMARY KEY,
  college_code text NOT NULL,
  session_a text NOT NULL,
  session_b text NOT NULL,
  quota_day text NOT NULL,
  started_at timestamptz NOT NULL,
  ended_reason text,
  ended_by text,
  ended_quota_day text,
  ended_at timestamptz
);
CREATE INDEX pairs_by_session_a ON read_model.pairs (session_a, started_at DESC);
CREATE INDEX pairs_by_session_b ON read_model.pairs (session_b, started_at DESC);
CREATE TABLE read_model.pairing_reports (
  id uuid PRIMARY KEY,
  pair_id uuid NOT NULL,
  college_code text NOT NULL,
  reporter_session_id text NOT NULL,
  reported_session_id text NOT NULL,
  reason text NOT NULL,
  note text,
  transcript jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  status text NOT NULL,
  resolution_note text,
  resolved_at timestamptz
);
CREATE INDEX pairing_reports_open ON read_model.pairing_reports (college_code, created_at) WHERE status = 'open';
`,
  },
  {
    version: 15,
    // A dismissal takes the confession's reports out of the moderators' view; the rows stay, as
    // the flag button tells a visitor who reported that they did.
    name: 'dismissed confession reports',
    sql: `ALTER TABLE read_model.confession_reports ADD COLUMN dismissed boolean NOT NULL DEFAULT false;`,
  },
  {
    version: 16,
    // What a viewer did to each confession of a page: liked it, reported it (the flag shows it).
    name: 'viewer marks',
    sql: `
DROP FUNCTION read_model.liked_among(text[], uuid[]);
CREATE FUNCTION read_model.viewer_marks(p_sessions text[], p_confessions uuid[])
RETURNS TABLE (viewer text, id text, liked boolean, reported boolean)
LANGUAGE plpgsql STABLE ${keyLookupPlans}
AS $$
BEGIN
  RETURN QUERY
    SELECT asked.session_id, asked.confession_id::text, l.session_id IS NOT NULL, r.session_id IS NOT NULL
      FROM unnest(p_sessions, p_confessions) AS asked(session_id, confession_id)
      LEFT JOIN read_model.confession_likes l USING (confession_id, session_id)
      LEFT JOIN read_model.confession_reports r USING (confession_id, session_id)
     WHERE l.session_id IS NOT NULL OR r.session_id IS NOT NULL;
END;
$$;
`,
  },
  {
    version: 17,
    // The id of the request that caused each journaled event (its metadata's correlationId), so
    // that an auditor can tie an event to the request's log line. Rows journaled before stay
    // without one until a rebuild.
    name: 'audit request ids',
    sql: `ALTER TABLE read_model.audit_events ADD COLUMN request_id text;`,
  },
  {
    version: 18,
    // A student's like, report or comment takes its confession's college from the submission's
    // row (audit-journal.ts). Through the item index that meant reading every event of the
    // confession, every like of a popular one, for each new one; this finds the row in one step.
    // Unique, as a confession is submitted once: a lookup of one row, which the planner prefers to
    // the item index and to the queue index once the table has statistics.
    name: 'audit submissions by confession',
    sql: `CREATE UNIQUE INDEX audit_submissions ON read_model.audit_events (target_id)
  WHERE type = 'ConfessionSubmitted';`,
  },
  {
    version: 19,
    // A link's hash as its 32 bytes rather than their 64 hexadecimal digits.
    name: 'audit chain hashes as bytes',
    sql: `ALTER TABLE read_model.audit_links ALTER COLUMN hash TYPE bytea USING decode(hash, 'hex');`,
  },
  {
    version: 20,
    // An item's events by the item alone: the index of submissions (migration 18) now gives a
    // like, report or comment its college, so this one need not be unique to stay through a
    // rebuild, and an item's many entries (a popular confession's likes) share one key.
    name: 'audit events by item, deduplicated',
    sql: `DROP INDEX read_model.audit_events_by_item;
CREATE INDEX audit_events_by_item ON read_model.audit_events (target_id);`,
  },
  {
    version: 21,
    // Each queued item's span, from the event that put it in its queue to the first that took it
    // out (audit-queue-spans.ts). A queue as of a moment searched the journal for an exit of every
    // item that had entered by then, 50,000 searches at 100,000 confessions; it now scans the
    // spans that began before the moment, index only. A confession keeps when it was deleted: its
    // comments leave with it. Filled from the journal; the two journal indexes the old search
    // used go, and the reports keep one of their own.
    name: 'audit queue spans',
    sql: `
CREATE TABLE read_model.audit_queue_spans (
  target_id uuid PRIMARY KEY,
  entry_event_id uuid NOT NULL,
  entered_at timestamptz NOT NULL,
  left_at timestamptz,
  deleted_at timestamptz,
  parent_id uuid,
  -- 1 pending confessions, 2 pending comments, 3 pending direct messages.
  queue smallint NOT NULL,
  college_code text
);
INSERT INTO read_model.audit_queue_spans (target_id, entry_event_id, entered_at, parent_id, queue, college_code)
  SELECT e.target_id::uuid, e.event_id, e.occurred_at, e.parent_id::uuid,
         CASE e.type WHEN 'ConfessionSubmitted' THEN 1 WHEN 'CommentSubmitted' THEN 2 ELSE 3 END, e.college_code
    FROM read_model.audit_events e
   WHERE e.type IN ('ConfessionSubmitted', 'CommentSubmitted', 'DirectMessageSent')
  ON CONFLICT (target_id) DO NOTHING;
UPDATE read_model.audit_queue_spans s
   SET left_at = x.left_at, deleted_at = x.deleted_at
  FROM (SELECT target_id::uuid, min(occurred_at) AS left_at,
               min(occurred_at) FILTER (WHERE type = 'ConfessionDeleted') AS deleted_at
          FROM read_model.audit_events
         WHERE type IN ('ConfessionApproved', 'ConfessionRejected', 'ConfessionDeleted', 'CommentApproved',
                        'CommentRejected', 'DirectMessageModerated')
         GROUP BY target_id) x
 WHERE s.target_id = x.target_id;
UPDATE read_model.audit_queue_spans c
   SET left_at = LEAST(c.left_at, p.deleted_at)
  FROM read_model.audit_queue_spans p
 WHERE c.parent_id = p.target_id AND p.deleted_at IS NOT NULL;
CREATE INDEX audit_queue_spans_by_entry ON read_model.audit_queue_spans (queue, entered_at, entry_event_id)
  INCLUDE (college_code, left_at);
-- Unique, so that a rebuild keeps it: a confession's deletion finds its comments through it.
CREATE UNIQUE INDEX audit_queue_spans_by_parent ON read_model.audit_queue_spans (parent_id, target_id)
  WHERE parent_id IS NOT NULL;
DROP INDEX read_model.audit_queue_exits;
DROP INDEX read_model.audit_queue_entries;
CREATE INDEX audit_reports ON read_model.audit_events (type, occurred_at) WHERE type = 'ConfessionReported';
`,
  },
  {
    version: 22,
    // A student's like, report or comment now takes its confession's college from the confession's
    // span in the pending queue, by the spans' key (audit-journal.ts): the index of submissions
    // that migration 18 made served nothing else, and cost every submission an entry.
    name: 'audit submissions found through their spans',
    sql: `DROP INDEX read_model.audit_submissions;`,
  },
];
