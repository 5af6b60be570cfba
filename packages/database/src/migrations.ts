import type { Database, SqlExecutor } from './database.js';

export type Migration = Readonly<{ version: number; name: string; sql: string }>;

/**
 * Applies the not-yet-applied migrations of one component in version order, all in one
 * transaction (a failing one leaves none of them applied), under a lock so that instances
 * starting together apply each one once.
 */
export async function migrate(db: Database, component: string, migrations: readonly Migration[]): Promise<number[]> {
  const ordered = [...migrations].sort((a, b) => a.version - b.version);
  return db.transaction(async (tx) => {
    // One lock for every component, taken before the bookkeeping table is created: two processes
    // creating it at once (even with IF NOT EXISTS) make one of them fail on the catalog's keys.
    await tx.query('SELECT pg_advisory_xact_lock(3, 0)');
    await tx.exec(`CREATE TABLE IF NOT EXISTS public.schema_migrations (
      component text NOT NULL,
      version integer NOT NULL,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (component, version)
    )`);
    const { rows } = await tx.query<{ version: number }>(
      'SELECT version FROM public.schema_migrations WHERE component = $1',
      [component],
    );
    const applied = new Set(rows.map((row) => Number(row.version)));
    const newlyApplied: number[] = [];
    for (const migration of ordered) {
      if (applied.has(migration.version)) continue;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO public.schema_migrations (component, version, name) VALUES ($1, $2, $3)', [
        component,
        migration.version,
        migration.name,
      ]);
      newlyApplied.push(migration.version);
    }
    return newlyApplied;
  });
}

/** Forgets a component's migrations, for a rebuild that drops its tables in the same transaction. */
export async function forgetMigrations(db: SqlExecutor, component: string): Promise<void> {
  await db.query('DELETE FROM public.schema_migrations WHERE component = $1', [component]);
}
