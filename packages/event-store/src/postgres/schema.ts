import { keyLookupPlans, type Migration, type Schema } from '@secretchatbox/database';

/** An SQL expression of the last revision of the stream that `stream` names, -1 for none. */
type LastRevision = (stream: string) => string;

/**
 * The append of one stream's events (migration 1's `append_to_stream`, named `insert_events` by
 * migration 3), as `declaration` names it, finding the stream's revision as `lastRevision` does.
 * Released migrations use it: its text must not change.
 */
function insertEvents(declaration: string, lastRevision: LastRevision): string {
  return `${declaration}(p_stream text, p_expected text, p_events jsonb)
RETURNS TABLE (next_revision bigint, commit_position text, prepare_position text)
LANGUAGE plpgsql AS $$
DECLARE
  v_count integer := jsonb_array_length(p_events);
  v_current bigint;
  v_last_seq bigint;
BEGIN
  -- Serialise appends to one stream before this transaction writes anything (and so before it
  -- is given a transaction id): a later append to the stream then always has a larger id, which
  -- keeps the order of "all" consistent with each stream's revisions.
  PERFORM pg_advisory_xact_lock(1, hashtext(p_stream));

  SELECT ${lastRevision('p_stream')};
  IF (p_expected = 'no_stream' AND v_current <> -1)
     OR (p_expected = 'stream_exists' AND v_current = -1)
     OR (p_expected ~ '^[0-9]+$' AND v_current <> p_expected::bigint) THEN
    RETURN QUERY SELECT * FROM event_store.answer_repeated_append(p_stream, p_events, v_current);
    RETURN;
  END IF;

  FOR i IN 0 .. v_count - 1 LOOP
    INSERT INTO event_store.events (stream_id, revision, event_id, type, data, metadata)
    VALUES (p_stream, v_current + 1 + i, (p_events->i->>'id')::uuid, p_events->i->>'type', p_events->i->'data',
            p_events->i->'metadata')
    ON CONFLICT (event_id) DO NOTHING
    RETURNING seq INTO v_last_seq;
    -- A known event id: either a retried append or a misuse; the exception raised for a misuse
    -- also undoes the events this call inserted before it.
    IF NOT FOUND THEN
      RETURN QUERY SELECT * FROM event_store.answer_repeated_append(p_stream, p_events, v_current);
      RETURN;
    END IF;
  END LOOP;

  RETURN QUERY SELECT v_current + v_count, pg_current_xact_id()::text, v_last_seq::text;
END;
$$;`;
}

/**
 * `event_store.append_group` (migration 4), finding each stream's last revision as `lastRevision`
 * does. Released migrations use it: its text must not change.
 */
function appendGroup(create: 'CREATE' | 'CREATE OR REPLACE', lastRevision: LastRevision): string {
  return `${create} FUNCTION event_store.append_group(
  p_requests integer[], p_streams text[], p_expected text[],
  p_event_appends integer[], p_ids uuid[], p_types text[], p_data jsonb[], p_metadata jsonb[])
RETURNS TABLE (request integer, stream_id text, next_revision bigint, commit_position text, prepare_position text,
               error_code text, error_detail text, error_hint text)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_names text[];
  v_revisions bigint[];
  v_counts integer[] := array_fill(0, ARRAY[cardinality(p_streams)]);
  v_base bigint[] := array_fill(NULL::bigint, ARRAY[cardinality(p_streams)]);
  v_first integer := 1;
  v_last integer;
  v_refused integer;
  v_current bigint;
  v_stream integer;
BEGIN
  PERFORM event_store.begin_append();
  PERFORM pg_advisory_xact_lock(1, hashtext(s.stream))
     FROM (SELECT DISTINCT unnest(p_streams) AS stream ORDER BY 1) s;

  IF cardinality(p_ids) <> (SELECT count(DISTINCT id) FROM unnest(p_ids) AS id)
     OR EXISTS (SELECT 1 FROM event_store.events e WHERE e.event_id = ANY(p_ids)) THEN
    RETURN QUERY SELECT * FROM event_store.append_group_one_by_one((
      SELECT jsonb_agg(r.appends ORDER BY r.request)
        FROM (SELECT p_requests[i] AS request,
                     jsonb_agg(jsonb_build_object('streamId', p_streams[i], 'expected', p_expected[i], 'events',
                       (SELECT jsonb_agg(jsonb_build_object('id', p_ids[e], 'type', p_types[e], 'data', p_data[e],
                                                            'metadata', p_metadata[e]) ORDER BY e)
                          FROM generate_subscripts(p_ids, 1) e WHERE p_event_appends[e] = i)) ORDER BY i) AS appends
                FROM generate_subscripts(p_streams, 1) i GROUP BY 1) r));
    RETURN;
  END IF;

  SELECT array_agg(s.stream), array_agg(${lastRevision('s.stream')})
    INTO v_names, v_revisions
    FROM (SELECT DISTINCT unnest(p_streams) AS stream) s;
  FOR e IN 1 .. cardinality(p_event_appends) LOOP
    v_counts[p_event_appends[e]] := v_counts[p_event_appends[e]] + 1;
  END LOOP;

  -- Request by request, in order: all of its appends at their expected revisions, or none.
  WHILE v_first <= cardinality(p_streams) LOOP
    v_last := v_first;
    WHILE v_last < cardinality(p_streams) AND p_requests[v_last + 1] = p_requests[v_first] LOOP
      v_last := v_last + 1;
    END LOOP;
    v_refused := NULL;
    FOR i IN v_first .. v_last LOOP
      v_current := v_revisions[array_position(v_names, p_streams[i])];
      IF (p_expected[i] = 'no_stream' AND v_current <> -1)
         OR (p_expected[i] = 'stream_exists' AND v_current = -1)
         OR (p_expected[i] ~ '^[0-9]+$' AND v_current <> p_expected[i]::bigint) THEN
        v_refused := i;
        EXIT;
      END IF;
    END LOOP;
    IF v_refused IS NULL THEN
      FOR i IN v_first .. v_last LOOP
        v_stream := array_position(v_names, p_streams[i]);
        v_base[i] := v_revisions[v_stream];
        v_revisions[v_stream] := v_revisions[v_stream] + v_counts[i];
      END LOOP;
    ELSE
      RETURN QUERY SELECT p_requests[v_first], NULL::text, NULL::bigint, NULL::text, NULL::text, 'ES001'::text,
                          v_revisions[array_position(v_names, p_streams[v_refused])]::text, p_streams[v_refused];
    END IF;
    v_first := v_last + 1;
  END LOOP;

  -- The accepted events in one insert, in the order given, which is the order of their seq.
  RETURN QUERY
    WITH inserted AS (
      INSERT INTO event_store.events (stream_id, revision, event_id, type, data, metadata)
      SELECT p_streams[x.append], v_base[x.append] + x.position, p_ids[x.e], p_types[x.e], p_data[x.e],
             p_metadata[x.e]
        FROM (SELECT e, p_event_appends[e] AS append,
                     row_number() OVER (PARTITION BY p_event_appends[e] ORDER BY e) AS position
                FROM generate_subscripts(p_ids, 1) e) x
       WHERE v_base[x.append] IS NOT NULL
       ORDER BY x.e
      RETURNING seq, stream_id AS stream, revision)
    SELECT p_requests[i], p_streams[i], v_base[i] + v_counts[i], pg_current_xact_id()::text, inserted.seq::text,
           NULL::text, NULL::text, NULL::text
      FROM generate_subscripts(p_streams, 1) i
      JOIN inserted ON inserted.stream = p_streams[i] AND inserted.revision = v_base[i] + v_counts[i]
     ORDER BY i;
END;
$$;`;
}

/**
 * `event_store.read_horizon()`, whose holders of the append marker and of transaction ids are
 * matched by `holder` (migration 3 matched them by virtual transaction id, migration 5 by
 * process id: see migration 5).
 */
function readHorizon(create: 'CREATE' | 'CREATE OR REPLACE', holder: 'virtualtransaction' | 'pid'): string {
  return `${create} FUNCTION event_store.read_horizon() RETURNS xid8
LANGUAGE sql STABLE AS $$
  WITH snapshot AS MATERIALIZED (SELECT pg_current_snapshot() AS s),
  locks AS MATERIALIZED (
    SELECT l.locktype, l.${holder}, l.transactionid, l.classid, l.objid, l.objsubid, l.database
      FROM pg_locks l WHERE l.granted AND (l.locktype = 'advisory' OR l.mode = 'ExclusiveLock')),
  appenders AS (
    SELECT l.${holder} FROM locks l
     WHERE l.locktype = 'advisory' AND l.classid = 4 AND l.objid = 0 AND l.objsubid = 2
       AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())),
  running_others AS (
    SELECT l.transactionid FROM locks l
     WHERE l.locktype = 'transactionid' AND l.${holder} NOT IN (SELECT ${holder} FROM appenders))
  SELECT least(min(x.id), (SELECT pg_snapshot_xmax(s) FROM snapshot))
    FROM snapshot, pg_snapshot_xip(snapshot.s) AS x(id)
   WHERE x.id::xid NOT IN (SELECT transactionid FROM running_others);
$$;`;
}

/**
 * `event_store.append_to_streams`, which hands each stream's `events` (an expression of
 * `v_append`) to `append_to_stream` (migration 2; migration 9 makes a stream given no events an
 * empty list). Released migrations use it: its text must not change.
 */
function appendToStreams(create: 'CREATE' | 'CREATE OR REPLACE', events: string): string {
  return `${create} FUNCTION event_store.append_to_streams(p_appends jsonb)
RETURNS TABLE (stream_id text, next_revision bigint, commit_position text, prepare_position text)
LANGUAGE plpgsql AS $$
DECLARE
  v_append jsonb;
BEGIN
  PERFORM pg_advisory_xact_lock(1, hashtext(s.stream))
     FROM (SELECT a->>'streamId' AS stream FROM jsonb_array_elements(p_appends) a ORDER BY 1) s;
  FOR v_append IN SELECT a.value FROM jsonb_array_elements(p_appends) WITH ORDINALITY AS a ORDER BY a.ordinality LOOP
    RETURN QUERY
      SELECT v_append->>'streamId', r.next_revision, r.commit_position, r.prepare_position
        FROM event_store.append_to_stream(v_append->>'streamId', v_append->>'expected', ${events}) r;
  END LOOP;
END;
$$;`;
}

/**
 * Migration 3. Reading "all" used to wait for every transaction older than the newest visible
 * one, on the whole server: one idle transaction in any database held every reader back. Now
 * appending transactions say so by a shared advisory lock taken before they write anything, and
 * readers wait only for those.
 *
 * Why the horizon never passes over an event: let T be an appender that the reader's snapshot
 * S does not see committed. If T had its transaction id when S was taken, the id is in S's list
 * of running ids. The reader then reads the lock table (later than S, within the same
 * statement). If T is still running there, it holds the marker lock (taken before its id, kept
 * to its end), so it counts. If T has ended there, or its id's lock is not listed, the reader
 * cannot tell it from any other transaction, and counts it too. Only an id that the lock table
 * shows running without the marker is left out, and such a transaction can never append: an
 * append whose transaction already has an id and no marker is refused (ES002). If T had no id
 * when S was taken, its id will be at least S's xmax, which also bounds the horizon.
 */
const appendersOnlyHorizon = `
CREATE FUNCTION event_store.begin_append() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('event_store.appending', true) = 'on' THEN
    RETURN;
  END IF;
  IF pg_current_xact_id_if_assigned() IS NOT NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'ES002',
      MESSAGE = 'an append must come before any other write of its transaction';
  END IF;
  PERFORM pg_advisory_xact_lock_shared(4, 0);
  PERFORM set_config('event_store.appending', 'on', true);
END;
$$;

-- The oldest transaction id that a reader of "all" must not pass yet (see the comment above).
${readHorizon('CREATE', 'virtualtransaction')}

-- append_to_streams (migration 2) calls append_to_stream for each stream, after taking the
-- streams' locks and before writing anything: the first call takes the marker.
ALTER FUNCTION event_store.append_to_stream(text, text, jsonb) RENAME TO insert_events;

CREATE FUNCTION event_store.append_to_stream(p_stream text, p_expected text, p_events jsonb)
RETURNS TABLE (next_revision bigint, commit_position text, prepare_position text)
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM event_store.begin_append();
  RETURN QUERY SELECT * FROM event_store.insert_events(p_stream, p_expected, p_events);
END;
$$;
`;

/**
 * Migration 4. Appends that callers make at the same moment go to the server together, as one
 * call and one transaction: one round trip and one commit (one WAL flush) for all of them. Every
 * stream of the group is locked first, in one order, so concurrent groups never deadlock; the
 * events of each append follow one another in the log, in the order of the group. Each caller's
 * append is answered in its own rows, a refused one (a wrong expected revision) alone.
 *
 * The common group, whose event ids are all new, is decided in one pass: the streams' revisions
 * are read once, each request is checked against them before any of its events goes in, and the
 * events are inserted as they are, with no subtransaction and no conflict handling, which cost
 * more than the inserts themselves. A group in which an event id is already stored or appears
 * twice (a retried append, or a misuse) goes the careful way: each request in a subtransaction of
 * its own through `append_to_streams`, which tells a retry (answered as the first time) from a
 * misuse (refused alone).
 */
const groupCommit = `
CREATE FUNCTION event_store.append_group_one_by_one(p_requests jsonb)
RETURNS TABLE (request integer, stream_id text, next_revision bigint, commit_position text, prepare_position text,
               error_code text, error_detail text, error_hint text)
LANGUAGE plpgsql AS $$
DECLARE
  v_request jsonb;
  v_index integer;
  v_code text;
  v_detail text;
  v_hint text;
BEGIN
  FOR v_request, v_index IN
    SELECT r.value, r.ordinality::integer - 1 FROM jsonb_array_elements(p_requests) WITH ORDINALITY AS r
  LOOP
    BEGIN
      RETURN QUERY
        SELECT v_index, a.stream_id, a.next_revision, a.commit_position, a.prepare_position, NULL::text, NULL::text,
               NULL::text
          FROM event_store.append_to_streams(v_request) a;
    EXCEPTION WHEN SQLSTATE 'ES001' OR unique_violation THEN
      GET STACKED DIAGNOSTICS v_code = RETURNED_SQLSTATE, v_detail = PG_EXCEPTION_DETAIL, v_hint = PG_EXCEPTION_HINT;
      RETURN QUERY SELECT v_index, NULL::text, NULL::bigint, NULL::text, NULL::text, v_code, v_detail, v_hint;
    END;
  END LOOP;
END;
$$;

-- Appends are given as arrays, one element per append (its request, stream and expected
-- revision) and one per event (its append, 1-based, and its fields): reading arrays costs far
-- less than walking jsonb.
${appendGroup(
  'CREATE',
  (stream) => `(SELECT coalesce(max(e.revision), -1) FROM event_store.events e
                                          WHERE e.stream_id = ${stream})`,
)}
`;

/**
 * Migration 5. The lock table names a lock's holder by its virtual transaction id, which it reads
 * from the holder's current state while it lists the locks, not from the lock: a transaction that
 * is committing clears its local id in between, so its marker and its transaction id could be
 * listed under two different virtual ids, the transaction counted as running without the marker,
 * and its events passed over (the stress test of read all caught this about once in ten loaded
 * runs). Holders are told apart by their process id instead, which does not change; a process
 * runs one transaction at a time, and ends the locks of one before it takes those of the next.
 */
const appendersByProcess = readHorizon('CREATE OR REPLACE', 'pid');

/**
 * Migration 6. The group append's statements were planned again at every call, for the group's
 * arrays (`keyLookupPlans` says why), which cost more than running them: the database's CPU for
 * a group of 4 appends was 2.2 to 2.6 ms against 0.8 with the plans kept, for a group of 8 4.8
 * against 1.0.
 */
const appendPlansKept = `
ALTER FUNCTION event_store.append_group(integer[], text[], text[], integer[], uuid[], text[], jsonb[], jsonb[])
  ${keyLookupPlans};
`;

// The columns of the reads of migrations 7 and 8, spelled out here rather than shared with the store's own
// queries: a migration is applied once, and its text must not change when theirs do.
const readFunctionColumns = `e.event_id::text, e.stream_id, e.revision::text, e.type, e.data, e.metadata,
           e.transaction_id::text, e.seq::text, e.recorded_at`;
const readFunctionResult = `event_id text, stream_id text, revision text, type text, data jsonb, metadata jsonb,
  commit_position text, prepare_position text, recorded_at timestamptz`;

/**
 * A read of events as a PL/pgSQL function whose plans are kept (`keyLookupPlans`): `signature`
 * names it and its parameters, `result` its columns, `query` its one statement. Released
 * migrations use it: its text must not change.
 */
const eventReadFunction = (
  signature: string,
  result: string,
  query: string,
) => `CREATE FUNCTION event_store.${signature}
RETURNS TABLE (${result})
LANGUAGE plpgsql STABLE ${keyLookupPlans}
AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
    ${query};
END;
$$;`;

/**
 * Migration 7. The reads that every command and every projection batch make, as functions whose
 * plans are kept, as the append's are (migration 6): asked as plain statements, each was planned
 * again at every call. A read of all returns with each event whether it lies before the horizon
 * (`safe`), computed in the same statement, and so from the same snapshot, as the events.
 */
const readPlansKept = `
${eventReadFunction(
  'read_all_after(p_commit xid8, p_seq bigint, p_limit integer)',
  `${readFunctionResult}, safe boolean`,
  `SELECT ${readFunctionColumns},
           e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())
             OR e.transaction_id < (SELECT event_store.read_horizon())
      FROM event_store.events e
     WHERE (e.transaction_id, e.seq) > (p_commit, p_seq)
     ORDER BY e.transaction_id, e.seq
     LIMIT p_limit`,
)}

${eventReadFunction(
  'read_streams(p_streams text[])',
  readFunctionResult,
  `SELECT ${readFunctionColumns} FROM event_store.events e
     WHERE e.stream_id = ANY(p_streams)
     ORDER BY e.stream_id, e.revision`,
)}
`;

/**
 * Migration 8. A command reads its streams again from the revision after the last event this
 * process has already read of each (`RecentStreams`), so most reads return no event or one,
 * instead of the whole stream: a network's quota of the day, read by each of its submissions,
 * grew to 20 events. It replaces migration 7's read of whole streams.
 */
const streamReadsAfter = `
DROP FUNCTION event_store.read_streams(text[]);

${eventReadFunction(
  'read_streams_after(p_streams text[], p_after bigint[])',
  readFunctionResult,
  `SELECT ${readFunctionColumns}
      FROM unnest(p_streams, p_after) AS s(stream_id, after)
      JOIN event_store.events e ON e.stream_id = s.stream_id AND e.revision > s.after
     ORDER BY e.stream_id, e.revision`,
)}
`;

/**
 * Migration 9. A stream may come in a group with no events, so that the group only checks its
 * revision (a stream that a decision read without appending to it). The careful way, taken by a
 * group with a retried append, handed such a stream's events on as JSON null, not an empty list.
 */
const revisionChecks = `
${appendToStreams('CREATE OR REPLACE', `coalesce(nullif(v_append->'events', 'null'::jsonb), '[]'::jsonb)`)}`;

/**
 * `event_store.read_all_after_own_append` (migration 10), with `aloneCheck`, the statement that
 * sets v_alone when no other appending transaction is open. Released migrations use it: its text
 * must not change.
 */
const ownAppendRead = (create: 'CREATE' | 'CREATE OR REPLACE', aloneCheck: string) =>
  `${create} FUNCTION event_store.read_all_after_own_append(p_commit xid8, p_seq bigint, p_limit integer)
RETURNS TABLE (${readFunctionResult}, safe boolean)
LANGUAGE plpgsql VOLATILE ${keyLookupPlans}
AS $$
#variable_conflict use_column
DECLARE
  v_own xid8 := pg_current_xact_id();
  v_alone boolean;
BEGIN
  ${aloneCheck}
  RETURN QUERY
    SELECT ${readFunctionColumns},
           (e.transaction_id = v_own AND v_alone)
             OR e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())
             OR e.transaction_id < (SELECT event_store.read_horizon())
      FROM event_store.events e
     WHERE (e.transaction_id, e.seq) > (p_commit, p_seq)
     ORDER BY e.transaction_id, e.seq
     LIMIT p_limit;
END;
$$;`;

// Migration 11's check: no transaction older than this one is running at all (the snapshot's
// oldest is this one), or else the append marker can be had exclusively (this transaction's own
// shared hold does not stand in the way), so no other appender is open.
const olderAppendersCheck = `v_alone := pg_snapshot_xmin(pg_current_snapshot()) >= v_own OR pg_try_advisory_xact_lock(4, 0);`;

// Migration 10's check: no other holder of the append marker in the lock table.
const lockTableAloneCheck = `SELECT NOT EXISTS (
    SELECT 1 FROM pg_locks l
     WHERE l.granted AND l.locktype = 'advisory' AND l.classid = 4 AND l.objid = 0 AND l.objsubid = 2
       AND l.pid <> pg_backend_pid()
       AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database()))
    INTO v_alone;`;

/**
 * Migration 10. A group commit reads the next page of "all" for the subscriptions waiting for
 * news of an append in its own transaction, after its append, in the same call
 * (`append_group_and_read`), so that their projections need no read of their own once it
 * commits. That transaction's events are running to every snapshot, its own included:
 * `read_all_after` would hold them back. They are safe once it commits when no other appending
 * transaction was open before the events' snapshot was taken. The lock table is read first, in a
 * statement of its own: an older appender that ends between that read and the snapshot is seen
 * committed by it, and one that starts later gets a younger transaction id. Other appenders,
 * younger ones included, hold the page back as before, and their readers read again once it has
 * committed.
 */
const readsInAppends = `
${ownAppendRead('CREATE', lockTableAloneCheck)}

-- The group's answer (reader NULL; a retried append is answered with the position its events were
-- first stored at, in another transaction than this one), then each reader's page after its position.
CREATE FUNCTION event_store.append_group_and_read(
  p_requests integer[], p_streams text[], p_expected text[],
  p_event_appends integer[], p_ids uuid[], p_types text[], p_data jsonb[], p_metadata jsonb[],
  p_read_commits xid8[], p_read_seqs bigint[], p_read_limits integer[])
RETURNS TABLE (reader integer, request integer, stream_id text, next_revision text, commit_position text,
               prepare_position text, error_code text, error_detail text, error_hint text, repeated boolean,
               event_id text, revision text, type text, data jsonb, metadata jsonb, recorded_at timestamptz,
               safe boolean)
LANGUAGE plpgsql VOLATILE ${keyLookupPlans}
AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
    SELECT NULL::integer, g.request, g.stream_id, g.next_revision::text, g.commit_position, g.prepare_position,
           g.error_code, g.error_detail, g.error_hint,
           g.commit_position IS DISTINCT FROM pg_current_xact_id_if_assigned()::text,
           NULL::text, NULL::text, NULL::text, NULL::jsonb, NULL::jsonb, NULL::timestamptz, NULL::boolean
      FROM event_store.append_group(p_requests, p_streams, p_expected, p_event_appends, p_ids, p_types, p_data,
                                    p_metadata) g;
  FOR i IN 1 .. coalesce(cardinality(p_read_commits), 0) LOOP
    RETURN QUERY
      SELECT i, NULL::integer, r.stream_id, NULL::text, r.commit_position, r.prepare_position, NULL::text,
             NULL::text, NULL::text, NULL::boolean, r.event_id, r.revision, r.type, r.data, r.metadata,
             r.recorded_at, r.safe
        FROM event_store.read_all_after_own_append(p_read_commits[i], p_read_seqs[i], p_read_limits[i]) r;
  END LOOP;
END;
$$;
`;

/**
 * Migration 11. The events' data and metadata come as two JSON arrays rather than as arrays of
 * jsonb: written as array literals, every quote of every event's JSON was escaped by the server
 * on its way out (a regular expression per value, 3% of its CPU for a submission), while the
 * database splits a JSON array as cheaply as it reads an array literal. Each page comes back as
 * one JSON value instead of a row per event of 17 columns, which the server decoded field by
 * field (a tenth of its CPU for a submission). Migration 10's function stays for instances not
 * yet upgraded.
 *
 * Whether the transaction's own events are safe to pass is told without copying the lock table
 * (which locks all of its partitions) at every group. They are when no transaction older than
 * this one is still running: the snapshot's oldest running transaction tells, and younger
 * appenders, whose events come after these, do not matter. Otherwise (an older transaction that
 * appends nothing, anywhere on the server) the append marker is tried exclusively, which
 * succeeds exactly when no other transaction holds it, as the read of the lock table found out.
 * Held to the end of the transaction (a lock held past it by a failure in between would stop
 * every append), it makes appenders that begin meanwhile wait for this commit; never the other
 * way round, so no deadlock.
 */
const jsonEventFields = `
${ownAppendRead('CREATE OR REPLACE', olderAppendersCheck)}

-- As migration 10's, but each reader's page comes as one JSON array of events, each an object of
-- read_all_after_own_append's columns, in the order of the log.
CREATE FUNCTION event_store.append_group_and_read(
  p_requests integer[], p_streams text[], p_expected text[],
  p_event_appends integer[], p_ids uuid[], p_types text[], p_data jsonb, p_metadata jsonb,
  p_read_commits xid8[], p_read_seqs bigint[], p_read_limits integer[])
RETURNS TABLE (reader integer, request integer, stream_id text, next_revision text, commit_position text,
               prepare_position text, error_code text, error_detail text, error_hint text, repeated boolean,
               page json)
LANGUAGE plpgsql VOLATILE ${keyLookupPlans}
AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
    SELECT NULL::integer, g.request, g.stream_id, g.next_revision::text, g.commit_position, g.prepare_position,
           g.error_code, g.error_detail, g.error_hint,
           g.commit_position IS DISTINCT FROM pg_current_xact_id_if_assigned()::text, NULL::json
      FROM event_store.append_group(p_requests, p_streams, p_expected, p_event_appends, p_ids, p_types,
             ARRAY(SELECT x.value FROM jsonb_array_elements(p_data) WITH ORDINALITY x ORDER BY x.ordinality),
             ARRAY(SELECT x.value FROM jsonb_array_elements(p_metadata) WITH ORDINALITY x ORDER BY x.ordinality)) g;
  FOR i IN 1 .. coalesce(cardinality(p_read_commits), 0) LOOP
    RETURN QUERY
      SELECT i, NULL::integer, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text,
             NULL::boolean,
             coalesce(json_agg(r ORDER BY r.commit_position::xid8, r.prepare_position::bigint), '[]'::json)
        FROM event_store.read_all_after_own_append(p_read_commits[i], p_read_seqs[i], p_read_limits[i]) r;
  END LOOP;
END;
$$;
`;

/**
 * Migration 12. The log is append-only where it is stored: a change or removal of a stored event
 * is refused by the database, whatever client sends it (a TRUNCATE too, by a trigger of its own:
 * row triggers do not see it). Row triggers on UPDATE and DELETE cost an append nothing. The one
 * exception is explicit: an UPDATE in a transaction that has set `event_store.rewriting_events`
 * to 'on' for itself (`set_config(..., true)`), which only the one-off migration that took
 * password hashes out of stored events does (docs/decisions/010-password-hashes-outside-the-log.md).
 * A table owner can still disable the triggers: that is what the audit chain shows (docs/audit.md).
 */
const appendOnlyLog = `
CREATE FUNCTION event_store.refuse_event_changes() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND current_setting('event_store.rewriting_events', true) = 'on' THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION USING ERRCODE = 'ES003', MESSAGE = format('the event log is append-only: %s refused', TG_OP);
END;
$$;

CREATE TRIGGER events_append_only BEFORE UPDATE OR DELETE ON event_store.events
  FOR EACH ROW EXECUTE FUNCTION event_store.refuse_event_changes();
CREATE TRIGGER events_never_truncated BEFORE TRUNCATE ON event_store.events
  FOR EACH STATEMENT EXECUTE FUNCTION event_store.refuse_event_changes();
`;

// The log's order as its key: an index of seq alone served no query, and cost every event an entry.
const logOrderAsKey = `
ALTER TABLE event_store.events DROP CONSTRAINT events_pkey;
DROP INDEX event_store.events_log_order;
ALTER TABLE event_store.events ADD CONSTRAINT events_log_order PRIMARY KEY (transaction_id, seq);
`;

/**
 * By a 16-byte key of the stream id, its MD5 as a uuid, then by its text (migration 14 on): the
 * events' unique index holds the key, not the text.
 */
const sameStreamByKey = (column: string, stream: string) =>
  `md5(${column})::uuid = md5(${stream})::uuid AND ${column} = ${stream}`;

/**
 * A stream's last revision by its newest event alone (migration 14 on): the maximum of the
 * revisions, which the earlier migrations took, went through every event of the stream.
 */
const lastRevisionByKey: LastRevision = (stream) =>
  `coalesce((SELECT e.revision FROM event_store.events e WHERE ${sameStreamByKey('e.stream_id', stream)}
                    ORDER BY e.revision DESC LIMIT 1), -1)`;

/**
 * Migration 14. A stream's events are found through a unique index of the key of its id (its MD5,
 * as a uuid) and their revision, instead of the id's text and revision: at 100,000 confessions the
 * index held 106 B per event, 40 with the key, beside rows of 300 to 500 B
 * (docs/decisions/032-stream-keys.md). Every lookup by stream matches the key, then the text. Two
 * stream ids of one key (an MD5 collision) would still be read apart, but could not both hold a
 * revision: the second append would be refused. An append reads its streams' revisions from
 * their newest events (`lastRevisionByKey`).
 */
const streamKeys = `
CREATE UNIQUE INDEX events_stream_key ON event_store.events ((md5(stream_id)::uuid), revision);
ALTER TABLE event_store.events DROP CONSTRAINT events_stream_id_revision_key;

${insertEvents('CREATE OR REPLACE FUNCTION event_store.insert_events', (stream) => `${lastRevisionByKey(stream)} INTO v_current`)}

${appendGroup('CREATE OR REPLACE', lastRevisionByKey)}
${appendPlansKept}
DROP FUNCTION event_store.read_streams_after(text[], bigint[]);

${eventReadFunction(
  'read_streams_after(p_streams text[], p_after bigint[])',
  readFunctionResult,
  `SELECT ${readFunctionColumns}
      FROM unnest(p_streams, p_after) AS s(stream_id, after)
      JOIN event_store.events e ON ${sameStreamByKey('e.stream_id', 's.stream_id')} AND e.revision > s.after
     ORDER BY e.stream_id, e.revision`,
)}
`;

/**
 * Migration 15. A lookup of a stream by its key reads the index in its order. The planner knows
 * nothing of how many events a key has (an expression index has no statistics until ANALYZE,
 * which the embedded database never runs, and a kept plan is made for any key), so it took them
 * for few and chose a bitmap scan and a sort: every event of the stream read to find its newest,
 * one more each time a visitor toggled a like (docs/decisions/032-stream-keys.md). Bitmap scans
 * are off in the functions that look streams up by key, and a read of one stream from either end
 * goes through a function of its own, planned the same way.
 */
const indexOrderLookups = 'SET enable_bitmapscan = off';
const streamLookupsInIndexOrder = `
ALTER FUNCTION event_store.append_group(integer[], text[], text[], integer[], uuid[], text[], jsonb[], jsonb[])
  ${indexOrderLookups};
ALTER FUNCTION event_store.insert_events(text, text, jsonb) ${indexOrderLookups};
ALTER FUNCTION event_store.read_streams_after(text[], bigint[]) ${indexOrderLookups};

${eventReadFunction(
  'read_stream_forwards(p_stream text, p_from bigint, p_limit integer)',
  readFunctionResult,
  `SELECT ${readFunctionColumns}
      FROM event_store.events e
     WHERE ${sameStreamByKey('e.stream_id', 'p_stream')} AND e.revision >= p_from
     ORDER BY e.revision
     LIMIT p_limit`,
)}
ALTER FUNCTION event_store.read_stream_forwards(text, bigint, integer) ${indexOrderLookups};

${eventReadFunction(
  'read_stream_backwards(p_stream text, p_through bigint, p_limit integer)',
  readFunctionResult,
  `SELECT ${readFunctionColumns}
      FROM event_store.events e
     WHERE ${sameStreamByKey('e.stream_id', 'p_stream')} AND e.revision <= p_through
     ORDER BY e.revision DESC
     LIMIT p_limit`,
)}
ALTER FUNCTION event_store.read_stream_backwards(text, bigint, integer) ${indexOrderLookups};
`;

/** The name its migrations are recorded under. */
export const eventStoreComponent = 'event-store';

/**
 * The event log. Reading "all" orders by (transaction_id, seq) and only returns events of
 * transactions older than every appending transaction still open (migration 3's horizon), so an
 * event that commits late can never be passed over by a reader that has already moved on.
 */
export const eventStoreMigrations: readonly Migration[] = [
  {
    version: 1,
    name: 'events table and append functions',
    sql: `
CREATE SCHEMA IF NOT EXISTS event_store;

CREATE TABLE event_store.events (
  seq bigserial PRIMARY KEY,
  transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
  stream_id text NOT NULL,
  revision bigint NOT NULL,
  event_id uuid NOT NULL UNIQUE,
  type text NOT NULL,
  data jsonb NOT NULL,
  metadata jsonb NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  UNIQUE (stream_id, revision)
);
CREATE INDEX events_log_order ON event_store.events (transaction_id, seq);

-- Answers an append whose events did not all go in: the same events already stored in place are
-- a retried append, answered as the first one was; anything else is a wrong expected revision.
CREATE FUNCTION event_store.answer_repeated_append(p_stream text, p_events jsonb, p_current bigint)
RETURNS TABLE (next_revision bigint, commit_position text, prepare_position text)
LANGUAGE plpgsql AS $$
DECLARE
  v_count integer := jsonb_array_length(p_events);
  v_known integer;
  v_in_place boolean;
BEGIN
  SELECT count(*), coalesce(bool_and(e.stream_id = p_stream), false) AND count(DISTINCT e.revision - x.ordinality) = 1
    INTO v_known, v_in_place
    FROM jsonb_array_elements(p_events) WITH ORDINALITY AS x(ev, ordinality)
    JOIN event_store.events e ON e.event_id = (x.ev->>'id')::uuid;
  IF v_known = v_count AND v_in_place THEN
    RETURN QUERY
      SELECT e.revision, e.transaction_id::text, e.seq::text
        FROM event_store.events e
       WHERE e.event_id = (p_events->(v_count - 1)->>'id')::uuid;
    RETURN;
  END IF;
  RAISE EXCEPTION USING ERRCODE = 'ES001', MESSAGE = 'wrong expected revision', DETAIL = p_current::text;
END;
$$;

-- The common append touches only the stream's last revision and the unique index on event ids.
-- Known ids are looked for only once an insert finds one: a join that looked for them before
-- every append was planned once per connection, and a plan made while the table was small (a
-- sequential scan) made every later append scan the whole table. One INSERT ... VALUES per event
-- is cheaper per call than an INSERT ... SELECT over jsonb_array_elements.
${insertEvents(
  'CREATE FUNCTION event_store.append_to_stream',
  (stream) => `coalesce(max(e.revision), -1) INTO v_current FROM event_store.events e WHERE e.stream_id = ${stream}`,
)}
`,
  },
  {
    version: 2,
    name: 'atomic appends to several streams',
    sql: `
-- As before, and the refusal names its stream (HINT), for appends to several streams.
CREATE OR REPLACE FUNCTION event_store.answer_repeated_append(p_stream text, p_events jsonb, p_current bigint)
RETURNS TABLE (next_revision bigint, commit_position text, prepare_position text)
LANGUAGE plpgsql AS $$
DECLARE
  v_count integer := jsonb_array_length(p_events);
  v_known integer;
  v_in_place boolean;
BEGIN
  SELECT count(*), coalesce(bool_and(e.stream_id = p_stream), false) AND count(DISTINCT e.revision - x.ordinality) = 1
    INTO v_known, v_in_place
    FROM jsonb_array_elements(p_events) WITH ORDINALITY AS x(ev, ordinality)
    JOIN event_store.events e ON e.event_id = (x.ev->>'id')::uuid;
  IF v_known = v_count AND v_in_place THEN
    RETURN QUERY
      SELECT e.revision, e.transaction_id::text, e.seq::text
        FROM event_store.events e
       WHERE e.event_id = (p_events->(v_count - 1)->>'id')::uuid;
    RETURN;
  END IF;
  RAISE EXCEPTION USING ERRCODE = 'ES001', MESSAGE = 'wrong expected revision', DETAIL = p_current::text,
    HINT = p_stream;
END;
$$;

-- Every stream's lock is taken, in a fixed order so that two such appends cannot deadlock, before
-- anything is written: as for one stream, later appends to any of them get larger transaction ids.
${appendToStreams('CREATE', "v_append->'events'")}
`,
  },
  {
    version: 3,
    name: 'a horizon of appending transactions only',
    sql: appendersOnlyHorizon,
  },
  {
    version: 4,
    name: 'appends of several callers in one transaction',
    sql: groupCommit,
  },
  {
    version: 5,
    name: 'appenders told apart by process',
    sql: appendersByProcess,
  },
  {
    version: 6,
    name: 'append plans made once per connection',
    sql: appendPlansKept,
  },
  {
    version: 7,
    name: 'read plans made once per connection',
    sql: readPlansKept,
  },
  {
    version: 8,
    name: 'stream reads after a known revision',
    sql: streamReadsAfter,
  },
  {
    version: 9,
    name: 'revision checks of streams given no events',
    sql: revisionChecks,
  },
  {
    version: 10,
    name: 'reads of all in the transaction of an append',
    sql: readsInAppends,
  },
  {
    version: 11,
    name: 'cheaper group appends: events and pages as JSON, no read of the lock table',
    sql: jsonEventFields,
  },
  {
    version: 12,
    name: 'an append-only log: stored events are never changed or removed',
    sql: appendOnlyLog,
  },
  {
    version: 13,
    name: 'the log order as the primary key',
    sql: logOrderAsKey,
  },
  {
    version: 14,
    name: 'streams found by a key of their id',
    sql: streamKeys,
  },
  {
    version: 15,
    name: 'stream lookups in the order of their index',
    sql: streamLookupsInIndexOrder,
  },
];

/** What `PostgresEventStore.open` migrates a database to. */
export const eventStoreSchema: Schema = [{ component: eventStoreComponent, migrations: eventStoreMigrations }];
