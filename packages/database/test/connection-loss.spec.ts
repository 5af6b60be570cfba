import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { DatabaseUnavailableError } from '../src/index.js';
import { PostgresDatabase } from '../src/postgres-database.js';
import { CuttableProxy, postgresTarget, until } from '../src/testing/index.js';

const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) console.warn('[skipped] losing the connection to a PostgreSQL server: TEST_DATABASE_URL is not set.');

// PGlite runs in this process: there is no connection to lose.
(serverUrl ? describe : describe.skip)('a PostgreSQL server that cannot be reached for a while', () => {
  let connectionString: string;
  let dispose: () => Promise<void>;
  let direct: PostgresDatabase;
  let proxy: CuttableProxy;
  let db: PostgresDatabase;

  beforeAll(async () => {
    const created = await postgresTarget(serverUrl!).create();
    ({ connectionString, dispose } = created as { connectionString: string; dispose: () => Promise<void> });
    direct = created.db as PostgresDatabase;
    await direct.exec('CREATE TABLE t (n integer)');
  });
  afterAll(async () => {
    await dispose();
  });
  beforeEach(async () => {
    proxy = await CuttableProxy.start(connectionString);
    db = new PostgresDatabase({ connectionString: proxy.through(connectionString), connectTimeoutMs: 2000 });
  });
  afterEach(async () => {
    await db.close();
    await proxy.close();
  });

  it('refuses every kind of call with DatabaseUnavailableError, and answers again once it can be reached', async () => {
    // Idle connections in the pool, which the cut kills while nobody uses them.
    await Promise.all(Array.from({ length: 4 }, () => db.query('SELECT pg_sleep(0.01)')));
    await proxy.cut();
    await expect(db.query('SELECT 1')).rejects.toBeInstanceOf(DatabaseUnavailableError);
    await expect(db.exec('SELECT 1')).rejects.toBeInstanceOf(DatabaseUnavailableError);
    await expect(db.transaction((tx) => tx.query('SELECT 1'))).rejects.toBeInstanceOf(DatabaseUnavailableError);
    await expect(db.tryLease(['cut'])).rejects.toBeInstanceOf(DatabaseUnavailableError);
    await expect(db.listen('cut', () => undefined)).rejects.toBeInstanceOf(DatabaseUnavailableError);

    await proxy.restore();
    expect((await db.query<{ n: number }>('SELECT 1 AS n')).rows).toEqual([{ n: 1 }]);
    await db.transaction((tx) => tx.query('INSERT INTO t VALUES (1)'));
    const lease = await db.tryLease(['cut']);
    expect(lease).not.toBeNull();
    await lease!.release();
  });

  it('fails a transaction whose connection is cut under it, and gives that connection up', async () => {
    const cutInside = db.transaction(async (tx) => {
      await tx.query('INSERT INTO t VALUES (2)');
      await proxy.cut();
      await tx.query('INSERT INTO t VALUES (3)');
    });
    await expect(cutInside).rejects.toBeInstanceOf(DatabaseUnavailableError);
    await proxy.restore();
    // Every connection of the pool is used at once: none of them may be the broken one.
    const answers = await Promise.all(Array.from({ length: 10 }, () => db.transaction((tx) => tx.query('SELECT 1'))));
    expect(answers).toHaveLength(10);
    expect((await direct.query('SELECT n FROM t WHERE n IN (2, 3)')).rows).toEqual([]);
  });

  it('loses a lease with its connection, and lets it be taken again', async () => {
    const lease = (await db.tryLease(['held']))!;
    await proxy.cut();
    await lease.lost;
    await expect(lease.transaction((tx) => tx.query('SELECT 1'))).rejects.toBeInstanceOf(DatabaseUnavailableError);
    await lease.release();
    await proxy.restore();
    // The server frees the lock once it sees the connection closed.
    await until(async () => {
      const again = await db.tryLease(['held']);
      await again?.release();
      return again !== null;
    }, 10000);
  });

  it('listens again once its listening connection can be made again', async () => {
    const heard: string[] = [];
    await db.listen('news', (payload) => heard.push(payload));
    await proxy.cut();
    await proxy.restore();
    // A sender elsewhere notifies only while it sees a listener: once the listener is back.
    await until(async () => {
      await direct.notify('news', 'after the cut');
      return heard.length > 0;
    }, 10000);
    expect(heard[0]).toBe('after the cut');
  });
});
