type Query = (sql: string) => Promise<{ rows: Record<string, unknown>[] }>;

export type WalCheckpointOptions = Readonly<{ everyMs: number; afterBytes: number }>;

/**
 * PGlite runs PostgreSQL as a single user, without the checkpointer process a server has: no
 * checkpoint is taken while it runs, and its WAL grows with every write until it stops (208 MB of
 * WAL for 195 MB of rows, docs/decisions/026-embedded-postgresql-settings.md). Every `everyMs`,
 * this asks how much WAL was written since the last checkpoint and takes one once that passes
 * `afterBytes`; the checkpoint then recycles the segments it no longer needs. Returns its stop.
 */
export function takeWalCheckpoints(query: Query, { everyMs, afterBytes }: WalCheckpointOptions): () => Promise<void> {
  let running: Promise<void> | null = null;
  const check = async () => {
    const { rows } = await query(
      'SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), redo_lsn)::float8 AS written FROM pg_control_checkpoint()',
    );
    if (Number(rows[0]?.written) >= afterBytes) await query('CHECKPOINT');
  };
  const timer = setInterval(() => {
    // A check waits behind the statements queued before it: one at a time. One that fails (the
    // database closing) leaves the WAL to the next, or to the checkpoint PostgreSQL takes as it stops.
    running ??= check()
      .catch(() => undefined)
      .finally(() => (running = null));
  }, everyMs).unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
