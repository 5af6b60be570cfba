export type Row = Record<string, unknown>;

/** Runs SQL with `$n` parameters; one statement per call. */
export interface SqlExecutor {
  query<R extends Row = Row>(sql: string, params?: readonly unknown[]): Promise<{ rows: R[] }>;
}

/** The executor a transaction hands to its work. */
export interface Transaction extends SqlExecutor {
  exec(sql: string): Promise<void>;
  /**
   * A read that waits for the transaction's writes and goes with them, in the same round trip:
   * its rows arrive with the commit, after the work has returned. Only in a lease's transactions,
   * whose writes are buffered; a read asked for before the last write goes before it.
   */
  readWithWrites?<R extends Row = Row>(sql: string, params?: readonly unknown[]): Promise<R[]>;
}

/**
 * A session-level advisory lock held on a connection of its own. Work done through the lease's
 * transactions runs on that connection, so it cannot commit once the lock is lost, and it never
 * queues behind the pool's other users. In those transactions, writes that return nothing may be
 * sent together with the next read or the commit, so their errors surface there.
 */
export interface Lease {
  /** Settles when the lock is lost (its connection died) or released. */
  readonly lost: Promise<void>;
  /**
   * Transactions may overlap: a transaction's work may run while the one before commits, but
   * nothing of it reaches the connection before the one before has ended.
   */
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
  release(): Promise<void>;
}

/**
 * The PostgreSQL port every component talks to. Two adapters: a server over `pg`, and
 * PGlite in-process; both are real PostgreSQL, so the same SQL runs on each.
 */
export interface Database extends SqlExecutor {
  readonly kind: 'postgres' | 'pglite';
  /** Runs a script of several statements without parameters. */
  exec(sql: string): Promise<void>;
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
  /**
   * Calls `onNotification` for each NOTIFY on `channel`. On a server, not for those sent through
   * this same Database: the components that send them tell their own process directly.
   */
  listen(channel: string, onNotification: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  /** Tries to take exclusive advisory locks named `keys`, all on one lease; null when someone else holds any. */
  tryLease(keys: readonly string[]): Promise<Lease | null>;
  close(): Promise<void>;
}
