import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { PGlite } from '@electric-sql/pglite';
import { leaseTransaction } from './pglite-lease-transaction.js';
import { PreparedWrites } from './write-buffer.js';

describe("a lease's transaction on PGlite", () => {
  let db: PGlite;
  let calls: string[];

  beforeEach(async () => {
    db = await PGlite.create();
    await db.exec('CREATE TABLE t (a integer PRIMARY KEY)');
    calls = [];
    for (const method of ['query', 'exec', 'transaction'] as const) {
      const original = db[method].bind(db) as (...args: unknown[]) => Promise<unknown>;
      (db as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
        calls.push(method);
        return original(...args);
      };
    }
  });
  afterEach(async () => {
    await db.close();
  });

  const count = async () => Number((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM t')).rows[0]!.n);
  const insert = 'INSERT INTO t (a) VALUES ($1)';

  it('sends work that only writes as one call', async () => {
    await leaseTransaction(db, new PreparedWrites(), async (tx) => {
      await tx.query(insert, [1]);
      await tx.query(insert, [2]);
    });
    expect(calls).toEqual(['exec']);
    expect(await count()).toBe(2);
  });

  it('undoes all of its writes when one fails', async () => {
    const work = leaseTransaction(db, new PreparedWrites(), async (tx) => {
      await tx.query(insert, [3]);
      await tx.query(insert, [3]);
    });
    await expect(work).rejects.toThrow(/duplicate key/);
    expect(await count()).toBe(0);
  });

  it('opens the transaction for a read, with the writes before it, and undoes it all on a failure', async () => {
    const seen: number[] = [];
    const work = leaseTransaction(db, new PreparedWrites(), async (tx) => {
      await tx.query(insert, [10]);
      const { rows } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM t');
      seen.push(rows[0]!.n);
      await tx.query(insert, [11]);
      throw new Error('the work failed');
    });
    await expect(work).rejects.toThrow('the work failed');
    expect(seen).toEqual([1]);
    expect(calls).toContain('transaction');
    expect(await count()).toBe(0);
  });

  it('keeps other callers out while it is open', async () => {
    let outside: Promise<number> | null = null;
    await leaseTransaction(db, new PreparedWrites(), async (tx) => {
      await tx.query(insert, [20]);
      await tx.query('SELECT 1');
      outside = count();
      await tx.query(insert, [21]);
    });
    expect(await outside).toBe(2);
  });
});
