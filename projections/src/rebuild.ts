import { type Database, forgetMigrations, migrate } from '@secretchatbox/database';
import type { EventStore, Position } from '@secretchatbox/event-store';
import type { Projection } from './projection.js';
import { readModelComponent, readModelMigrations, readModelSchema } from './read-models/migrations.js';
import { buildDeferredIndexes, deferSecondaryIndexes } from './read-models/deferred-indexes.js';
import { applyBatch } from './runner/apply-batch.js';
import { leaseKey } from './runner/projection-runner.js';

export type RebuildProgress = Readonly<{ events: number; elapsedMs: number }>;

export class ProjectionsBusyError extends Error {
  override readonly name = 'ProjectionsBusyError';
}

export async function migrateReadModels(db: Database): Promise<void> {
  await migrate(db, readModelComponent, readModelMigrations);
  await buildDeferredIndexes(db);
}

/**
 * Drops every read model and replays all events from the first one. Holds every projection's
 * lease throughout, so no runner writes while the tables are rebuilt.
 */
export async function rebuildReadModels(
  db: Database,
  store: EventStore,
  projections: readonly Projection[],
  onProgress: (progress: RebuildProgress) => void = () => undefined,
  pageSize = 500,
): Promise<RebuildProgress> {
  const lease = await db.tryLease(projections.map((projection) => leaseKey(projection.name)));
  if (!lease) throw new ProjectionsBusyError('The projections are running elsewhere; stop them first');
  try {
    // Together: tables dropped with their migrations still recorded would never be created again.
    await db.transaction(async (tx) => {
      await tx.exec('DROP SCHEMA IF EXISTS read_model CASCADE');
      await forgetMigrations(tx, readModelComponent);
    });
    await migrateReadModels(db);
    await deferSecondaryIndexes(db);

    const started = Date.now();
    let events = 0;
    const read = (after: Position | null) => {
      const page = store.readAll({ after, maxCount: pageSize, waitForOpenAppends: true });
      // Awaited on the next turn of the loop, unless applying this page fails first.
      page.catch(() => undefined);
      return page;
    };
    let next = read(null);
    let committing: Promise<unknown> = Promise.resolve();
    // A lease's transactions send the writes that return nothing together, at the commit: a page is
    // one round trip. Three things overlap: the database reads the next page and commits the page
    // before while this process turns this page into its writes; the page's own commit goes out
    // only once the page before has committed, so pages commit in order and none after a failure.
    while (true) {
      const page = await next;
      if (page.length === 0) break;
      next = read(page.at(-1)!.position);
      const before = committing;
      committing = lease
        .transaction(async (tx) => {
          await applyBatch(tx, projections, page);
          await before;
        })
        .then(() => {
          events += page.length;
          onProgress({ events, elapsedMs: Date.now() - started });
        });
      // Awaited after the page before, unless it fails first.
      committing.catch(() => undefined);
      await before;
    }
    await committing;
    // The counts of rows changed reach the statistics once the lease's connection sends them,
    // which an idle connection may put off for seconds (PostgreSQL 15 on: asked for at once).
    await lease.transaction((tx) =>
      tx.exec(`DO $$ BEGIN
                 IF to_regproc('pg_stat_force_next_flush') IS NOT NULL THEN PERFORM pg_stat_force_next_flush(); END IF;
               END $$`),
    );
    await compactChurnedTables(db);
    await buildDeferredIndexes(db);
    await analyzeReadModels(db);
    return { events, elapsedMs: Date.now() - started };
  } finally {
    await lease.release();
  }
}

/**
 * A rebuild inserts rows and updates them soon after (a confession submitted, then approved; a
 * session's daily count, once per submission), and the space of their earlier versions stays in
 * the tables: 42% of the confessions' table and 68% of the daily counts' at 100,000 confessions.
 * The tables whose rows were updated or deleted more than once in ten are rewritten whole, before
 * their deferred indexes are built and while nothing reads them. Where the server keeps no
 * counts of rows changed, none is.
 */
async function compactChurnedTables(db: Database): Promise<void> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT format('%I.%I', schemaname, relname) AS name FROM pg_stat_user_tables
      WHERE schemaname = $1 AND (n_tup_upd + n_tup_del) * 10 > n_tup_ins`,
    [readModelSchema],
  );
  for (const { name } of rows) await db.exec(`VACUUM FULL ${name}`);
}

/**
 * Tables filled in one go have no statistics until autovacuum gets to them, and until then the
 * planner takes them for nearly empty: the feed's first page was read by scanning and sorting
 * every confession instead of walking its index.
 */
async function analyzeReadModels(db: Database): Promise<void> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables WHERE schemaname = $1`,
    [readModelSchema],
  );
  if (rows.length > 0) await db.exec(`ANALYZE ${rows.map((row) => row.name).join(', ')}`);
}
