import { PGlite } from '@electric-sql/pglite';
import type { Database, Lease, Row, Transaction } from './database.js';

/**
 * The port over PGlite: PostgreSQL compiled to WebAssembly, running in this process.
 * It has one connection, which PGlite serialises; a lease is therefore only exclusive within
 * this process, which is all the embedded mode runs in.
 */
export class PgliteDatabase implements Database {
  readonly kind = 'pglite';
  private readonly heldLeases = new Set<string>();

  private constructor(private readonly db: PGlite) {}

  /** `dataDir` undefined keeps everything in memory. */
  static async open(dataDir?: string): Promise<PgliteDatabase> {
    const db = await PGlite.create(dataDir ? { dataDir } : {});
    return new PgliteDatabase(db);
  }

  async query<R extends Row = Row>(sql: string, params?: readonly unknown[]): Promise<{ rows: R[] }> {
    const result = await this.db.query<R>(sql, params as unknown[] | undefined);
    return { rows: result.rows };
  }

  async exec(sql: string): Promise<void> {
    await this.db.exec(sql);
  }

  async transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) =>
      work({
        query: async <R extends Row>(sql: string, params?: readonly unknown[]) => ({
          rows: (await tx.query<R>(sql, params as unknown[] | undefined)).rows,
        }),
        exec: async (sql: string) => {
          await tx.exec(sql);
        },
      }),
    );
  }

  async listen(channel: string, onNotification: (payload: string) => void): Promise<() => Promise<void>> {
    return this.db.listen(channel, onNotification);
  }

  async notify(channel: string, payload: string): Promise<void> {
    await this.db.query('SELECT pg_notify($1, $2)', [channel, payload]);
  }

  async tryLease(key: string): Promise<Lease | null> {
    if (this.heldLeases.has(key)) return null;
    this.heldLeases.add(key);
    let release!: () => void;
    const lost = new Promise<void>((resolve) => (release = resolve));
    return {
      lost,
      release: async () => {
        this.heldLeases.delete(key);
        release();
      },
    };
  }

  async close(): Promise<void> {
    if (!this.db.closed) await this.db.close();
  }
}
