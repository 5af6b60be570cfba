import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Database } from '../database.js';
import { PgliteDatabase } from '../pglite-database.js';
import { PostgresDatabase } from '../postgres-database.js';

export type TestDatabaseTarget = Readonly<{
  name: string;
  /** A new, empty database; `dispose` drops it. */
  create(): Promise<{ db: Database; connectionString?: string; dispose(): Promise<void> }>;
}>;

export const pgliteTarget: TestDatabaseTarget = {
  name: 'PGlite',
  async create() {
    const db = await PgliteDatabase.open();
    return { db, dispose: () => db.close() };
  },
};

/** A fresh database on the server named by `serverUrl`, dropped afterwards. */
export function postgresTarget(serverUrl: string): TestDatabaseTarget {
  return {
    name: 'PostgreSQL server',
    async create() {
      const name = `scb_test_${randomBytes(6).toString('hex')}`;
      await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const connectionString = url.toString();
      const db = new PostgresDatabase({ connectionString, maxConnections: 20, applicationName: 'scb-test' });
      return {
        db,
        connectionString,
        async dispose() {
          await db.close();
          await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        },
      };
    },
  };
}

/** PGlite always; the PostgreSQL server too when TEST_DATABASE_URL names one. */
export function testDatabaseTargets(): TestDatabaseTarget[] {
  const serverUrl = process.env.TEST_DATABASE_URL;
  return serverUrl ? [pgliteTarget, postgresTarget(serverUrl)] : [pgliteTarget];
}

/** Says once per test file why the server suites did not run. */
export function reportSkippedServerSuites(suite: string): void {
  if (!process.env.TEST_DATABASE_URL) {
    console.warn(`[skipped] ${suite} on a PostgreSQL server: TEST_DATABASE_URL is not set (PGlite ran).`);
  }
}

async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A transaction on `connectionString` that has written (so it has a transaction id) and then sits
 * idle, as a psql session left open does. Ending the client ends it.
 */
export async function idleTransaction(connectionString: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  await client.query('BEGIN');
  await client.query('CREATE TEMP TABLE left_open (n int)');
  await client.query('INSERT INTO left_open VALUES (1)');
  return client;
}
