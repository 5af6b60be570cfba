import pg from 'pg';
import type { Database, Lease, Row, Transaction } from './database.js';
import { isConnectionFailure, unavailableOr } from './database-unavailable.js';
import { ListenConnection, processIdOf } from './listen-connection.js';
import { ListenersElsewhere } from './listeners-elsewhere.js';
import { statementDigest } from './statement-digest.js';
import { bufferedTransaction, PreparedWrites, WriteBuffer } from './write-buffer.js';

// Every lock is tried, even after one failed: the client is closed then, which frees those it took.
const leaseLockSql = 'SELECT bool_and(pg_try_advisory_lock(2, hashtext(key))) AS locked FROM unnest($1::text[]) AS key';

/**
 * A query with parameters runs as a named prepared statement: each connection parses and plans
 * it once instead of on every call, which on a busy server is a large share of a small query's cost.
 */
function statement(sql: string, params: readonly unknown[] | undefined): pg.QueryConfig {
  if (!params || params.length === 0) return { text: sql };
  return { name: `scb_${statementDigest(sql)}`, text: sql, values: [...params] };
}

type Send = (query: string | pg.QueryConfig) => Promise<pg.QueryResult>;

/** Rethrows a connection failure as DatabaseUnavailableError, so that callers need not know pg's many forms of it. */
async function reachable<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw unavailableOr(error);
  }
}

export type PostgresOptions = {
  connectionString: string;
  maxConnections?: number;
  applicationName?: string;
  /** How long making a connection, or waiting for one of the pool's, may take before it fails; none by default. */
  connectTimeoutMs?: number;
};

/**
 * The port over a PostgreSQL server: a pool for queries, dedicated clients for LISTEN and leases.
 * Each failure to reach the server is thrown as DatabaseUnavailableError; the pool drops broken
 * connections and makes new ones as needed, and the LISTEN connection is made again when it dies.
 */
export class PostgresDatabase implements Database {
  readonly kind = 'postgres';
  private readonly pool: pg.Pool;
  private readonly listener = new ListenConnection(
    () => this.newClient('listen'),
    // What this process announces it also tells its own listeners directly, without waiting for
    // the server: hearing it again would only make them look for news a second time.
    (processId) => this.poolBackends.has(processId),
  );
  private readonly leaseClients = new Set<pg.Client>();
  /** The server processes behind the pool's connections, which send this process's NOTIFYs. */
  private readonly poolBackends = new Set<number>();
  private readonly listenersElsewhere = new ListenersElsewhere(
    (sql, params) => this.query(sql, params),
    () => this.listener.processId,
  );

  constructor(private readonly options: PostgresOptions) {
    this.pool = new pg.Pool({
      connectionString: options.connectionString,
      max: options.maxConnections ?? 10,
      application_name: options.applicationName ?? 'secretchatbox',
      connectionTimeoutMillis: options.connectTimeoutMs,
    });
    // An idle client that dies is discarded by the pool; without a listener it would crash the process.
    this.pool.on('error', () => undefined);
    this.pool.on('connect', (client) => {
      this.poolBackends.add(processIdOf(client));
      // Nor would one that dies while checked out between two queries; its next query fails instead.
      client.on('error', () => undefined);
    });
    this.pool.on('remove', (client) => this.poolBackends.delete(processIdOf(client)));
  }

  async query<R extends Row = Row>(sql: string, params?: readonly unknown[]): Promise<{ rows: R[] }> {
    const result = await reachable(this.pool.query<R>(statement(sql, params)));
    return { rows: result.rows };
  }

  async exec(sql: string): Promise<void> {
    await reachable(this.pool.query(sql));
  }

  async transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    const client = await reachable(this.pool.connect());
    try {
      const result = await transactionOn((query) => client.query(query), work);
      client.release();
      return result;
    } catch (error) {
      // A connection that failed leaves the pool, also one that still looks usable.
      client.release(isConnectionFailure(error) ? (error as Error) : undefined);
      throw unavailableOr(error);
    }
  }

  listen(channel: string, onNotification: (payload: string) => void): Promise<() => Promise<void>> {
    return reachable(this.listener.listen(channel, onNotification));
  }

  /**
   * A notification is a transaction with an id of its own; it need not wait for its commit to be
   * flushed to disk, as a lost one only delays listeners until they poll. It is sent only while
   * another process listens on the channel: this process's own listeners hear nothing from it.
   */
  async notify(channel: string, payload: string): Promise<void> {
    if (!(await this.listenersElsewhere.listening(channel))) return;
    await reachable(
      this.pool.query(
        `SET LOCAL synchronous_commit = off; SELECT pg_notify(${pg.escapeLiteral(channel)}, ${pg.escapeLiteral(payload)})`,
      ),
    );
  }

  async tryLease(keys: readonly string[]): Promise<Lease | null> {
    const client = this.newClient('lease');
    let locked: boolean | undefined;
    try {
      await client.connect();
      locked = (await client.query<{ locked: boolean }>(leaseLockSql, [keys])).rows[0]?.locked;
    } catch (error) {
      void client.end().catch(() => undefined);
      throw unavailableOr(error);
    }
    if (!locked) {
      await client.end();
      return null;
    }
    this.leaseClients.add(client);
    const lost = new Promise<void>((resolve) => {
      client.once('end', resolve);
      client.once('error', resolve);
    });
    const statements = new PreparedWrites();
    // The end of the latest transaction: the next one's statements wait for it.
    let ended: Promise<unknown> = Promise.resolve();
    return {
      lost,
      transaction: (work) => {
        const previous = ended;
        const send: Send = async (query) => {
          await previous;
          return client.query(query);
        };
        const buffer = new WriteBuffer((sql, params) => send(statement(sql, params)), statements);
        const done = reachable(transactionOn(send, work, buffer));
        ended = done.catch(() => undefined);
        return done;
      },
      release: async () => {
        this.leaseClients.delete(client);
        await client.end().catch(() => undefined);
      },
    };
  }

  async close(): Promise<void> {
    await Promise.all([...this.leaseClients].map((client) => client.end().catch(() => undefined)));
    await this.listener.close();
    await this.pool.end();
  }

  private newClient(role: string): pg.Client {
    const client = new pg.Client({
      connectionString: this.options.connectionString,
      application_name: `${this.options.applicationName ?? 'secretchatbox'}:${role}`,
      connectionTimeoutMillis: this.options.connectTimeoutMs,
    });
    client.on('error', () => undefined);
    return client;
  }
}

/**
 * With a write buffer, writes that return nothing wait and go together before the next read or
 * the commit, and so do BEGIN and COMMIT: a transaction that only writes is one round trip.
 */
async function transactionOn<T>(send: Send, work: (tx: Transaction) => Promise<T>, buffer?: WriteBuffer): Promise<T> {
  if (buffer) buffer.push('BEGIN');
  else await send('BEGIN');
  try {
    const direct: Transaction = {
      query: async <R extends Row>(sql: string, params?: readonly unknown[]) => ({
        rows: (await send(statement(sql, params))).rows as R[],
      }),
      exec: async (sql: string) => {
        await send(sql);
      },
    };
    const result = await work(buffer ? bufferedTransaction(direct, buffer) : direct);
    if (buffer) {
      // A failing statement skips the rest of the script, COMMIT included: the ROLLBACK below ends it.
      buffer.push('COMMIT');
      await buffer.flush();
    } else {
      await send('COMMIT');
    }
    return result;
  } catch (error) {
    await send('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
