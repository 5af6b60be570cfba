import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Database } from '../src/index.js';
import { PostgresDatabase } from '../src/postgres-database.js';
import { statementDigest } from '../src/statement-digest.js';
import { postgresTarget } from '../src/testing/index.js';

const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) console.warn('[skipped] lease transactions on a PostgreSQL server: TEST_DATABASE_URL is not set.');

// What a server's lease scripts do with values, plans, failures and notifications; PGlite's leases
// buffer their writes too (reads-with-writes.spec.ts runs on both).
(serverUrl ? describe : describe.skip)('lease transactions on a PostgreSQL server', () => {
  let db: Database;
  let dispose: () => Promise<void>;
  let connectionString: string | undefined;
  beforeAll(async () => {
    ({ db, dispose, connectionString } = await postgresTarget(serverUrl!).create());
    await db.exec('CREATE TABLE t (id integer PRIMARY KEY, label text, at timestamptz, doc jsonb, tags text[])');
  });
  afterAll(async () => {
    await dispose();
  });

  it('store buffered values exactly, whatever characters they hold', async () => {
    const lease = (await db.tryLease(['write-buffer-test']))!;
    const tricky = ["O'Brien", 'back\\slash', "'); DROP TABLE t; --", 'émoji 🙂', '$1 $$ $2', 'line\nbreak'];
    const at = new Date('2026-05-06T07:08:09.123Z');
    await lease.transaction(async (tx) => {
      for (const [index, label] of tricky.entries()) {
        await tx.query('INSERT INTO t (id, label, at, doc, tags) VALUES ($1, $2, $3, $4, $5)', [
          index,
          label,
          at,
          { label, nested: [label] },
          [label, 'plain'],
        ]);
      }
      const { rows } = await tx.query<{ n: string }>('SELECT count(*)::text AS n FROM t');
      expect(rows[0]!.n).toBe(String(tricky.length));
    });
    await lease.release();
    const { rows } = await db.query<{ label: string; at: Date; doc: unknown; tags: string[] }>(
      'SELECT label, at, doc, tags FROM t ORDER BY id',
    );
    expect(rows.map((row) => row.label)).toEqual(tricky);
    expect(rows.every((row) => row.at.getTime() === at.getTime())).toBe(true);
    expect(rows.map((row) => row.doc)).toEqual(tricky.map((label) => ({ label, nested: [label] })));
    expect(rows.map((row) => row.tags)).toEqual(tricky.map((label) => [label, 'plain']));
  });

  it('find rows by key however small the table was when their plans were made', async () => {
    await db.exec('CREATE TABLE keyed (id integer PRIMARY KEY, n integer); ANALYZE keyed');
    const remove = 'DELETE FROM keyed WHERE id = $1';
    const lease = (await db.tryLease(['write-buffer-plans']))!;
    // More runs than PostgreSQL makes custom plans for, so that it keeps a generic one.
    for (let id = 0; id < 10; id++) {
      await lease.transaction(async (tx) => {
        await tx.query('INSERT INTO keyed (id, n) VALUES ($1, $2)', [id, id]);
        await tx.query(remove, [id]);
      });
    }
    await db.exec('INSERT INTO keyed (id, n) SELECT i, i FROM generate_series(100, 20100) AS i');
    const plan = await lease.transaction(async (tx) => {
      const { rows } = await tx.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN EXECUTE scb_w0_${statementDigest(remove)}(5000)`,
      );
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    await lease.release();
    expect(plan).toMatch(/Index/);
    expect(plan).not.toMatch(/Seq Scan/);
  });

  it('roll back every buffered write when one fails, leaving the connection ready for the next', async () => {
    const lease = (await db.tryLease(['write-buffer-test']))!;
    const failure = await lease
      .transaction(async (tx) => {
        await tx.query('INSERT INTO t (id, label) VALUES ($1, $2)', [100, 'first']);
        await tx.query('INSERT INTO t (id, label) VALUES ($1, $2)', [0, 'duplicate key']);
      })
      .catch((error: unknown) => error);
    // A transaction of writes only goes as one script, COMMIT included, that stopped at the failure.
    await lease.transaction((tx) => tx.query('INSERT INTO t (id, label) VALUES ($1, $2)', [101, 'after']));
    await lease.release();
    expect((failure as { code?: string }).code).toBe('23505');
    expect((await db.query('SELECT id FROM t WHERE id >= 100')).rows).toEqual([{ id: 101 }]);
  });

  it('keep overlapping transactions apart: nothing of the next reaches the connection before the one before ends', async () => {
    const lease = (await db.tryLease(['write-buffer-overlap']))!;
    let readSent!: () => void;
    const midway = new Promise<void>((resolve) => (readSent = resolve));
    const first = lease
      .transaction(async (tx) => {
        await tx.query('INSERT INTO t (id, label) VALUES ($1, $2)', [200, 'rolled back']);
        const read = tx.query('SELECT pg_sleep(0.2)');
        readSent();
        await read;
        throw new Error('the first transaction fails after its read');
      })
      .catch((error: unknown) => error);
    await midway;
    // Begun while the first is open on the connection, all of its writes buffered until its commit.
    await lease.transaction((tx) => tx.query('INSERT INTO t (id, label) VALUES ($1, $2)', [201, 'committed']));
    await lease.release();
    expect(await first).toEqual(new Error('the first transaction fails after its read'));
    expect((await db.query('SELECT id FROM t WHERE id >= 200 ORDER BY id')).rows).toEqual([{ id: 201 }]);
  });

  it("deliver other processes' notifications, not those this Database sent", async () => {
    const other = new PostgresDatabase({ connectionString: connectionString! });
    const heard: string[] = [];
    const stop = await db.listen('scb_test_channel', (payload) => heard.push(payload));
    try {
      await db.notify('scb_test_channel', 'own');
      await other.notify('scb_test_channel', 'other');
      const deadline = Date.now() + 5000;
      while (heard.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(heard).toEqual(['other']);
    } finally {
      await stop();
      await other.close();
    }
  });
});
