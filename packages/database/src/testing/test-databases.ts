import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Database } from '../database.js';
import { PgliteDatabase } from '../pglite-database.js';
import { PostgresDatabase } from '../postgres-database.js';
import { databaseUrl, pgliteTemplate, serverTemplate, type TestSchema } from './templates.js';

export type TestDatabaseTarget = Readonly<{
  name: string;
  /**
   * A new database, `dispose` drops it: empty, or with `schema` applied, copied from a template
   * that had the migrations applied once (templates.ts).
   */
  create(schema?: TestSchema): Promise<{ db: Database; connectionString?: string; dispose(): Promise<void> }>;
}>;

export const pgliteTarget: TestDatabaseTarget = {
  name: 'PGlite',
  async create(schema = []) {
    const db = await PgliteDatabase.open({ dump: await pgliteTemplate(schema) });
    return { db, dispose: () => db.close() };
  },
};

/** A fresh database on the server named by `serverUrl`, dropped afterwards. */
export function postgresTarget(serverUrl: string): TestDatabaseTarget {
  return {
    name: 'PostgreSQL server',
    async create(schema = []) {
      const name = `scb_test_${randomBytes(6).toString('hex')}`;
      const template = schema.length > 0 ? ` TEMPLATE ${await serverTemplate(serverUrl, schema)}` : '';
      await adminQuery(serverUrl, `CREATE DATABASE ${name}${template}`);
      const connectionString = databaseUrl(serverUrl, name);
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

/**
 * The PostgreSQL server when TEST_DATABASE_URL names one, else PGlite: for a test whose subject is
 * not the database (a setting, a proxy, a browser), where a new database on the server costs a
 * fifth of what a PGlite one does. The suites that run on every target keep PGlite covered.
 */
export function quickestTarget(): TestDatabaseTarget {
  const serverUrl = process.env.TEST_DATABASE_URL;
  return serverUrl ? postgresTarget(serverUrl) : pgliteTarget;
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
