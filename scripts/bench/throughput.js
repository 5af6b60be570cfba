import { randomInt } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { visitorSessionStarted } from './events.js';
import { runClosedLoop } from './load.js';

/**
 * What the server does for the simplest durable write: autocommit single-row inserts of an
 * event-sized jsonb payload into a table with one bigserial key, over plain `pg`.
 */
export async function measureBaseline(url, { concurrency, warmupMs, durationMs }) {
  const pool = new pg.Pool({ connectionString: url, max: concurrency, application_name: 'scb-bench:baseline' });
  try {
    await pool.query(
      'CREATE TABLE public.bench_baseline (id bigserial PRIMARY KEY, stream_id text NOT NULL, payload jsonb NOT NULL)',
    );
    return await runClosedLoop({
      concurrency,
      warmupMs,
      durationMs,
      operation: (worker) =>
        pool.query('INSERT INTO public.bench_baseline (stream_id, payload) VALUES ($1, $2::jsonb)', [
          `baseline-${worker}`,
          JSON.stringify(visitorSessionStarted()),
        ]),
    });
  } finally {
    // Dropped so that autovacuum does not spend the CPU the later measurements need on it.
    await pool.query('DROP TABLE IF EXISTS public.bench_baseline').finally(() => pool.end());
  }
}

/** One event per append, to a stream picked at random among `streamCount`, without a revision check. */
export function measureAnyRevisionAppends(store, { concurrency, warmupMs, durationMs, streamCount }) {
  return runClosedLoop({
    concurrency,
    warmupMs,
    durationMs,
    operation: () =>
      store.appendToStream(`bench-any-${randomInt(streamCount)}`, [visitorSessionStarted()], {
        expectedRevision: 'any',
      }),
  });
}

/**
 * One event per append with the exact expected revision, as a command handler appends. Each
 * writer owns its streams and cycles through them, so no append ever conflicts.
 */
export function measureExactRevisionAppends(store, { concurrency, warmupMs, durationMs, streamCount }) {
  const streamsPerWriter = Math.max(1, Math.floor(streamCount / concurrency));
  const writers = Array.from({ length: concurrency }, () => ({
    next: 0,
    revisions: new Array(streamsPerWriter).fill(-1),
  }));
  return runClosedLoop({
    concurrency,
    warmupMs,
    durationMs,
    operation: async (worker) => {
      const writer = writers[worker];
      const slot = writer.next;
      writer.next = (slot + 1) % streamsPerWriter;
      const revision = writer.revisions[slot];
      const result = await store.appendToStream(`bench-exact-${worker}-${slot}`, [visitorSessionStarted()], {
        expectedRevision: revision < 0 ? 'no_stream' : revision,
      });
      writer.revisions[slot] = result.nextExpectedRevision;
    },
  });
}

/** Pages through the whole log with `readAll`, checking that every stored event came back. */
export async function measureReadAll(store, pageSize) {
  const expected = await store.countEvents();
  const started = performance.now();
  let events = 0;
  let after = null;
  for (let pages = 0; pages <= Math.ceil(expected / pageSize); pages += 1) {
    const page = await store.readAll({ after, maxCount: pageSize });
    if (page.length === 0) break;
    events += page.length;
    after = page.at(-1).position;
  }
  const elapsedMs = performance.now() - started;
  if (events !== expected) throw new Error(`readAll returned ${events} events; the store holds ${expected}`);
  return { events, elapsedMs, perSecond: events / (elapsedMs / 1000) };
}

/** What the server does for the simplest read: one named prepared `query` at a time per connection, over plain `pg`. */
export async function measureQueryBaseline(url, { concurrency, warmupMs, durationMs }, query) {
  const pool = new pg.Pool({ connectionString: url, max: concurrency, application_name: 'scb-bench:baseline' });
  try {
    return await runClosedLoop({ concurrency, warmupMs, durationMs, operation: () => pool.query(query) });
  } finally {
    await pool.end();
  }
}
