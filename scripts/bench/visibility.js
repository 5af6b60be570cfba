import { performance } from 'node:perf_hooks';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until every stored event can be read through "all", and says how long that took. The
 * event store hands out only events older than every transaction still open, and on a
 * PostgreSQL server that horizon is the whole server's: a transaction left open in another
 * database, by other work on the machine, holds back every event appended after it began.
 */
export async function waitUntilAllReadable(db, timeoutMs = 300_000) {
  const started = performance.now();
  for (;;) {
    const { rows } = await db.query(
      'SELECT count(*)::int AS n FROM event_store.events WHERE transaction_id >= pg_snapshot_xmin(pg_current_snapshot())',
    );
    if (rows[0].n === 0) return performance.now() - started;
    if (performance.now() - started > timeoutMs)
      throw new Error(
        `${rows[0].n} events stayed unreadable for ${timeoutMs / 1000} s behind a transaction still open`,
      );
    await sleep(250);
  }
}
