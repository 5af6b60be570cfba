import { type Database, forgetMigrations, migrate } from '@secretchatbox/database';
import type { EventStore } from '@secretchatbox/event-store';
import type { Projection } from './projection.js';
import { readModelComponent, readModelMigrations, readModelSchema } from './read-models/migrations.js';
import { applyBatch } from './runner/apply-batch.js';
import { leaseKey } from './runner/projection-runner.js';

export type RebuildProgress = Readonly<{ events: number; elapsedMs: number }>;

export class ProjectionsBusyError extends Error {
  override readonly name = 'ProjectionsBusyError';
}

export async function migrateReadModels(db: Database): Promise<void> {
  await migrate(db, readModelComponent, readModelMigrations);
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
  pageSize = 2000,
): Promise<RebuildProgress> {
  const lease = await db.tryLease(projections.map((projection) => leaseKey(projection.name)));
  if (!lease) throw new ProjectionsBusyError('The projections are running elsewhere; stop them first');
  try {
    await db.exec('DROP SCHEMA IF EXISTS read_model CASCADE');
    await forgetMigrations(db, readModelComponent);
    await migrateReadModels(db);

    const started = Date.now();
    let events = 0;
    let after = null;
    // A lease's transactions send the writes that return nothing together: a page is a few round trips.
    while (true) {
      const page = await store.readAll({ after, maxCount: pageSize });
      if (page.length === 0) break;
      await lease.transaction((tx) => applyBatch(tx, projections, page));
      events += page.length;
      after = page.at(-1)!.position;
      onProgress({ events, elapsedMs: Date.now() - started });
    }
    await analyzeReadModels(db);
    return { events, elapsedMs: Date.now() - started };
  } finally {
    await lease.release();
  }
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
