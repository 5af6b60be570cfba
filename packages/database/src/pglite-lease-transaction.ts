import type { PGlite, Transaction as PGliteTransaction } from '@electric-sql/pglite';
import type { Row, Transaction } from './database.js';
import { bufferedTransaction, type PreparedWrites, type SendStatement, WriteBuffer } from './write-buffer.js';

/** Our executor over one of PGlite's transactions. */
export function transactionOf(tx: PGliteTransaction): Transaction {
  return {
    query: async <R extends Row>(sql: string, params?: readonly unknown[]) => ({
      rows: (await tx.query<R>(sql, params as unknown[] | undefined)).rows,
    }),
    exec: async (sql: string) => {
      await tx.exec(sql);
    },
  };
}

type Outcome = Readonly<{ resolve(): void; reject(error: unknown): void }>;

/**
 * A lease's transaction on PGlite. Work that only writes, as a projection's batch does, goes to
 * PGlite as one script without BEGIN and COMMIT: PostgreSQL runs it as one implicit transaction,
 * undone whole when a statement fails, in one call instead of three (each call into PGlite costs
 * about 0.1 ms of the server's one thread). Once the work needs a statement to run at once, or
 * its writes would go in more than one call, the transaction opens in PGlite, whose lock keeps
 * every other caller out until it ends; the writes held so far go first.
 */
export async function leaseTransaction<T>(
  db: PGlite,
  preparedWrites: PreparedWrites,
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  let opened: Promise<PGliteTransaction> | null = null;
  let ended: Promise<unknown> = Promise.resolve();
  let outcome = null as Outcome | null;
  let finishing = false;
  const open = (): Promise<PGliteTransaction> => {
    opened ??= new Promise((resolveOpened, rejectOpened) => {
      ended = db.transaction(
        (tx) =>
          new Promise<void>((resolve, reject) => {
            outcome = { resolve, reject };
            resolveOpened(tx);
          }),
      );
      ended.catch(rejectOpened);
    });
    return opened;
  };
  const send: SendStatement = async (sql, params) => {
    if (finishing && !opened) return params ? db.query(sql, [...params]) : db.exec(sql);
    const tx = await open();
    return params ? tx.query(sql, [...params]) : tx.exec(sql);
  };
  const buffer = new WriteBuffer(send, preparedWrites);
  const lazy: Transaction = {
    query: async (sql, params) => transactionOf(await open()).query(sql, params),
    exec: async (sql) => transactionOf(await open()).exec(sql),
  };
  try {
    const result = await work(bufferedTransaction(lazy, buffer));
    if (!buffer.goesInOneCall()) await open();
    finishing = true;
    await buffer.flush();
    outcome?.resolve();
    await ended;
    return result;
  } catch (error) {
    outcome?.reject(error);
    await ended.catch(() => undefined);
    throw error;
  }
}
