import { PgliteDatabase } from '@secretchatbox/database';
import { visitorSessionStarted } from './events.js';
import { runClosedLoop } from './load.js';

/**
 * What PGlite does for the simplest durable write: single-row inserts of an event-sized jsonb
 * payload into a table with one bigserial key, on a PGlite of its own in `dataDir`, in this
 * process. PGlite has one connection: the `concurrency` writers queue on it, as the server's do.
 */
export async function measurePgliteInsert(dataDir, { concurrency, warmupMs, durationMs }) {
  const db = await PgliteDatabase.open(dataDir);
  try {
    await db.exec(
      'CREATE TABLE bench_baseline (id bigserial PRIMARY KEY, stream_id text NOT NULL, payload jsonb NOT NULL)',
    );
    return await runClosedLoop({
      concurrency,
      warmupMs,
      durationMs,
      operation: (worker) =>
        db.query('INSERT INTO bench_baseline (stream_id, payload) VALUES ($1, $2::jsonb)', [
          `baseline-${worker}`,
          JSON.stringify(visitorSessionStarted()),
        ]),
    });
  } finally {
    await db.close();
  }
}

/** What PGlite does for the simplest read: `query` (feedBaselineQuery), `concurrency` at a time on its one connection. */
export function measurePgliteQuery(db, { concurrency, warmupMs, durationMs }, query) {
  return runClosedLoop({ concurrency, warmupMs, durationMs, operation: () => db.query(query.text, query.values) });
}
