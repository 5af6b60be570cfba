import { EventEmitter } from 'node:events';
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { PGlite, type Transaction as PGliteTransaction } from '@electric-sql/pglite';
import type { Database, Lease, Row, Transaction } from './database.js';
import { bufferedTransaction, PreparedWrites, WriteBuffer } from './write-buffer.js';

/**
 * The port over PGlite: PostgreSQL compiled to WebAssembly, running in this process.
 * It has one connection, which PGlite serialises; a lease is therefore only exclusive within
 * this process, which is all the embedded mode runs in. A lease's transactions buffer their
 * writes as a server's do: one call into PGlite for a batch, each write a prepared statement.
 */
export class PgliteDatabase implements Database {
  readonly kind = 'pglite';
  private readonly heldLeases = new Set<string>();
  private readonly notifications = new EventEmitter().setMaxListeners(0);
  /** Its one connection's statements for the leases' write buffers, as on a server's lease connection. */
  private readonly preparedWrites = new PreparedWrites();

  private constructor(
    private readonly db: PGlite,
    private readonly lockFile: string | null,
  ) {}

  /** `dataDir` undefined keeps everything in memory. */
  static async open(dataDir?: string): Promise<PgliteDatabase> {
    const lockFile = dataDir ? takeDirectoryLock(dataDir) : null;
    try {
      return new PgliteDatabase(await PGlite.create(dataDir ? { dataDir } : {}), lockFile);
    } catch (error) {
      if (lockFile) rmSync(lockFile, { force: true });
      throw error;
    }
  }

  async query<R extends Row = Row>(sql: string, params?: readonly unknown[]): Promise<{ rows: R[] }> {
    const result = await this.db.query<R>(sql, params as unknown[] | undefined);
    return { rows: result.rows };
  }

  async exec(sql: string): Promise<void> {
    await this.db.exec(sql);
  }

  async transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(transactionOf(tx)));
  }

  /**
   * No other process can open these files (the directory lock), so a notification has only this
   * process to reach: it is delivered here directly, without a statement for PGlite to run.
   */
  async listen(channel: string, onNotification: (payload: string) => void): Promise<() => Promise<void>> {
    this.notifications.on(channel, onNotification);
    return async () => {
      this.notifications.off(channel, onNotification);
    };
  }

  async notify(channel: string, payload: string): Promise<void> {
    this.notifications.emit(channel, payload);
  }

  async tryLease(keys: readonly string[]): Promise<Lease | null> {
    if (keys.some((key) => this.heldLeases.has(key))) return null;
    for (const key of keys) this.heldLeases.add(key);
    let release!: () => void;
    const lost = new Promise<void>((resolve) => (release = resolve));
    return {
      lost,
      transaction: (work) =>
        this.db.transaction(async (tx) => {
          const buffer = new WriteBuffer((sql) => tx.exec(sql), this.preparedWrites);
          const result = await work(bufferedTransaction(transactionOf(tx), buffer));
          await buffer.flush();
          return result;
        }),
      release: async () => {
        for (const key of keys) this.heldLeases.delete(key);
        release();
      },
    };
  }

  async close(): Promise<void> {
    if (!this.db.closed) await this.db.close();
    if (this.lockFile) rmSync(this.lockFile, { force: true });
  }
}

export class DataDirectoryInUseError extends Error {
  override readonly name = 'DataDirectoryInUseError';
}

/** PGlite's files must have one writer: a second process opening them would corrupt them. */
function takeDirectoryLock(dataDir: string): string {
  const lockFile = `${dataDir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return lockFile;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(lockFile, 'utf8'));
      if (isAlive(holder)) {
        throw new DataDirectoryInUseError(`${dataDir} is in use by process ${holder}; stop it first`);
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new DataDirectoryInUseError(`Could not lock ${dataDir}`);
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Our executor over one of PGlite's transactions. */
function transactionOf(tx: PGliteTransaction): Transaction {
  return {
    query: async <R extends Row>(sql: string, params?: readonly unknown[]) => ({
      rows: (await tx.query<R>(sql, params as unknown[] | undefined)).rows,
    }),
    exec: async (sql: string) => {
      await tx.exec(sql);
    },
  };
}
