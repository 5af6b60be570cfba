import { describe, expect, it } from '@jest/globals';
import { PgliteDatabase } from './pglite-database.js';
import { pgliteTemplate } from './testing/templates.js';
import { until } from './testing/until.js';

const afterBytes = 4 * 2 ** 20;
const lastCheckpoint = async (db: PgliteDatabase) =>
  (await db.query<{ redo: string }>('SELECT redo_lsn::text AS redo FROM pg_control_checkpoint()')).rows[0]!.redo;
const writtenSince = async (db: PgliteDatabase) =>
  Number(
    (
      await db.query<{ written: number }>(
        'SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), redo_lsn)::float8 AS written FROM pg_control_checkpoint()',
      )
    ).rows[0]!.written,
  );

describe('the WAL checkpoints of a PGlite database', () => {
  it('takes a checkpoint once more WAL than the threshold was written since the last, and none before', async () => {
    const db = await PgliteDatabase.open({
      dump: await pgliteTemplate([]),
      walCheckpoints: { everyMs: 20, afterBytes },
    });
    try {
      await db.exec('CREATE TABLE padding (text text)');
      const before = await lastCheckpoint(db);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await lastCheckpoint(db)).toBe(before);

      await db.exec('INSERT INTO padding SELECT repeat(md5(g::text), 30) FROM generate_series(1, 8000) g');
      expect(await writtenSince(db)).toBeGreaterThan(afterBytes);
      await until(async () => (await writtenSince(db)) < afterBytes, 5000);
      expect(await lastCheckpoint(db)).not.toBe(before);
    } finally {
      await db.close();
    }
  });
});
