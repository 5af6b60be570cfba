import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type DataDirectoryLock, lockDataDirectory } from './data-directory-lock.js';
import type { Database, Lease, Row, Transaction } from './database.js';
import { type WalCheckpointOptions, takeWalCheckpoints } from './wal-checkpoints.js';
import { leaseTransaction, transactionOf } from './pglite-lease-transaction.js';
import { PreparedWrites } from './write-buffer.js';

/**
 * PostgreSQL's settings in this process (docs/decisions/026-embedded-postgresql-settings.md).
 * Its buffers are cleared as it starts: 128 MB, the default, took half a second of every start.
 * A single-user PostgreSQL takes no checkpoint while it runs (wal-checkpoints.ts takes them), and
 * the checkpoint as it stops keeps up to max_wal_size of WAL: 1 GB by default, more than the
 * tables of 100,000 confessions. PGlite already writes without fsync, so the page images of
 * full_page_writes would protect against nothing.
 */
const settings = { shared_buffers: '16MB', max_wal_size: '64MB', min_wal_size: '32MB', full_page_writes: 'off' };
const startSettings = Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
/** A checkpoint once half of max_wal_size is written, so that the WAL kept stays near max_wal_size. */
const defaultWalCheckpoints: WalCheckpointOptions = { everyMs: 10_000, afterBytes: 32 * 2 ** 20 };

/**
 * PostgreSQL's WebAssembly, compiled once per process, on its main thread. Compiled by PGlite
 * itself, asynchronously, it held up the server's first answers: connections waited up to a
 * second after the server listened, while the process sat idle
 * (docs/decisions/040-postgresql-wasm-compiled-at-once.md).
 */
let pgliteWasm: WebAssembly.Module | null = null;
function compiledPgliteWasm(): WebAssembly.Module {
  pgliteWasm ??= new WebAssembly.Module(
    readFileSync(join(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), 'pglite.wasm')),
  );
  return pgliteWasm;
}

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
    private readonly lock: DataDirectoryLock | null,
    private readonly stopCheckpoints: () => Promise<void>,
  ) {}

  /**
   * Without `dataDir` everything stays in memory. `dump` (another database's `dumpDataDir`)
   * starts it as a copy of that database, without initialising a new one; else `initdbArgs` go to
   * the initdb that does. `walCheckpoints` says how often the WAL is checked for a checkpoint.
   */
  static async open({
    dataDir,
    dump,
    initdbArgs,
    walCheckpoints = defaultWalCheckpoints,
  }: {
    dataDir?: string;
    dump?: Blob;
    initdbArgs?: string[];
    walCheckpoints?: WalCheckpointOptions;
  } = {}): Promise<PgliteDatabase> {
    const lock = dataDir ? lockDataDirectory(dataDir) : null;
    try {
      const db = await PGlite.create({
        dataDir,
        pgliteWasmModule: compiledPgliteWasm(),
        loadDataDir: dump,
        initDbStartParams: initdbArgs,
        startParams: [...PGlite.defaultStartParams, ...startSettings],
      });
      return new PgliteDatabase(
        db,
        lock,
        takeWalCheckpoints((sql) => db.query(sql), walCheckpoints),
      );
    } catch (error) {
      lock?.release();
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
      transaction: (work) => leaseTransaction(this.db, this.preparedWrites, work),
      release: async () => {
        for (const key of keys) this.heldLeases.delete(key);
        release();
      },
    };
  }

  /** Its files as a tarball, for `open` to start a copy from. */
  async dumpDataDir(): Promise<Blob> {
    return this.db.dumpDataDir('none');
  }

  async close(): Promise<void> {
    await this.stopCheckpoints();
    if (!this.db.closed) await this.db.close();
    this.lock?.release();
  }
}
