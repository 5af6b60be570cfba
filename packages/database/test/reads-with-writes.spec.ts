import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { Database, Row } from '../src/index.js';
import { reportSkippedServerSuites, testDatabaseTargets } from '../src/testing/index.js';

reportSkippedServerSuites('the reads sent with a lease’s writes');

for (const target of testDatabaseTargets()) {
  describe(`a read sent with a lease transaction's writes on ${target.name}`, () => {
    let db: Database;
    let dispose: () => Promise<void>;
    beforeEach(async () => {
      ({ db, dispose } = await target.create());
      await db.exec('CREATE TABLE counted (id integer PRIMARY KEY, n integer NOT NULL)');
    });
    afterEach(async () => {
      await dispose();
    });

    it('sees the writes before it, and answers once the transaction has committed', async () => {
      const lease = (await db.tryLease(['reads-with-writes']))!;
      let read: Promise<Row[]> | undefined;
      let answered = false;
      let answeredDuringWork = true;
      await lease.transaction(async (tx) => {
        await tx.query('INSERT INTO counted (id, n) VALUES ($1, $2)', [1, 10]);
        await tx.query('INSERT INTO counted (id, n) VALUES ($1, $2)', [2, 20]);
        read = tx.readWithWrites!('SELECT id, n FROM counted WHERE id = ANY($1::integer[]) ORDER BY id', [[1, 2]]);
        void read.then(() => (answered = true));
        await tx.query('UPDATE counted SET n = n + 1 WHERE id = $1', [1]);
        await new Promise((resolve) => setImmediate(resolve));
        answeredDuringWork = answered;
      });
      await lease.release();
      expect(answeredDuringWork).toBe(false);
      // In its place among the writes: after the inserts, before the update.
      expect(await read).toEqual([
        { id: 1, n: 10 },
        { id: 2, n: 20 },
      ]);
      expect((await db.query('SELECT n FROM counted WHERE id = 1')).rows).toEqual([{ n: 11 }]);
    });

    it('fails with the transaction, which leaves nothing written', async () => {
      const lease = (await db.tryLease(['reads-with-writes']))!;
      let read: Promise<Row[]> | undefined;
      const failed = await lease
        .transaction(async (tx) => {
          await tx.query('INSERT INTO counted (id, n) VALUES ($1, $2)', [1, 10]);
          read = tx.readWithWrites!('SELECT n FROM counted WHERE id = $1', [1]);
          read.catch(() => undefined);
          await tx.query('INSERT INTO counted (id, n) VALUES ($1, $2)', [1, 11]);
        })
        .catch((error: unknown) => error);
      await lease.release();
      expect((failed as { code?: string }).code).toBe('23505');
      await expect(read).rejects.toBeDefined();
      expect((await db.query('SELECT * FROM counted')).rows).toEqual([]);
    });
  });
}
