import { join, resolve } from 'node:path';
import { inspect } from 'node:util';
import {
  type Database,
  DatabaseNotFoundError,
  DatabaseUnavailableError,
  openDatabase,
  type Schema,
} from '@secretchatbox/database';
import { type EventStore, eventStoreSchema, PostgresEventStore } from '@secretchatbox/event-store';
import { z } from 'zod';
import { readModelComponent, readModelMigrations } from './read-models/migrations.js';

/** Where data lives; the one definition of these variables, shared by the server and the commands. */
export const storageConfigSchema = z.object({
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  EVENTSTORE_CONNECTION_STRING: z
    .string()
    .regex(
      /^(esdb|kurrentdb|kdb|esdb\+discover|kurrentdb\+discover|kdb\+discover):\/\//,
      'must be an esdb:// or kurrentdb:// connection string',
    )
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(20),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60000).default(5000),
});
export type StorageConfig = z.infer<typeof storageConfigSchema>;

/** A setting names storage that cannot be used: the message names the variable and what is wrong. */
export class StorageSettingError extends Error {
  override readonly name = 'StorageSettingError';
}

/**
 * `create` makes the database and the event store where there are none, as the server and the
 * worker do; `existing` opens only what is there, as the commands that read the log do.
 */
export type StorageOpening = 'create' | 'existing';

export type Storage = Readonly<{ db: Database; store: EventStore; describe: string; close(): Promise<void> }>;

/** Opens the read-model database and the event store the configuration names. */
export async function openStorage(
  config: StorageConfig,
  applicationName: string,
  opening: StorageOpening = 'create',
): Promise<Storage> {
  const dataDir = resolve(config.DATA_DIR);
  const db = config.DATABASE_URL
    ? await openServerDatabase(config, applicationName)
    : await openEmbeddedDatabase(dataDir, opening, config.EVENTSTORE_CONNECTION_STRING ? 'database' : 'event store');
  try {
    const store = config.EVENTSTORE_CONNECTION_STRING
      ? await openKurrentDb(config.EVENTSTORE_CONNECTION_STRING, opening)
      : await openPostgresEventStore(db, opening, config.DATABASE_URL ? 'DATABASE_URL' : `DATA_DIR ${dataDir}`);
    const describe = `${config.DATABASE_URL ? 'PostgreSQL server' : `PGlite in ${dataDir}`}, events in ${
      config.EVENTSTORE_CONNECTION_STRING ? 'EventStoreDB/KurrentDB' : 'PostgreSQL'
    }`;
    return {
      db,
      store,
      describe,
      async close() {
        await store.close();
        await db.close();
      },
    };
  } catch (error) {
    await db.close();
    throw error;
  }
}

/** The pool connects at its first query: a server that cannot be used is found here, and named. */
async function openServerDatabase(config: StorageConfig, applicationName: string): Promise<Database> {
  const db = await openDatabase({
    kind: 'postgres',
    connectionString: config.DATABASE_URL!,
    maxConnections: config.DATABASE_POOL_SIZE,
    connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
    applicationName,
  });
  try {
    await db.query('SELECT 1');
    return db;
  } catch (error) {
    await db.close();
    throw new StorageSettingError(`DATABASE_URL cannot be used: ${reasonOf(error)}`, { cause: error });
  }
}

/** Where in DATA_DIR the embedded database keeps its files. */
export function embeddedDatabaseFolder(dataDir: string): string {
  return join(dataDir, 'pglite');
}

/**
 * What the server migrates a new embedded database to as it starts (the event store's part only
 * where events are kept in PostgreSQL, but a few empty tables cost nothing): the build's copy of
 * such a database is where a new data folder starts (`npm run build`, make-fresh-database.ts).
 */
export const embeddedSchema: Schema = [
  ...eventStoreSchema,
  { component: readModelComponent, migrations: readModelMigrations },
];

async function openEmbeddedDatabase(dataDir: string, opening: StorageOpening, holds: string): Promise<Database> {
  try {
    return await openDatabase({
      kind: 'pglite',
      dataDir: embeddedDatabaseFolder(dataDir),
      existingOnly: opening === 'existing',
      schema: embeddedSchema,
    });
  } catch (error) {
    if (error instanceof DatabaseNotFoundError) throw nothingThere(`DATA_DIR ${dataDir}`, holds);
    throw new StorageSettingError(`DATA_DIR ${dataDir} cannot be used: ${reasonOf(error)}`, { cause: error });
  }
}

async function openPostgresEventStore(db: Database, opening: StorageOpening, setting: string): Promise<EventStore> {
  if (opening === 'create') return PostgresEventStore.open(db);
  const store = await PostgresEventStore.openExisting(db);
  if (!store) throw nothingThere(setting, 'event store');
  return store;
}

/**
 * The client connects lazily; a reader asks at once whether the server is there. Its module is
 * loaded only here: its gRPC client takes about a second to load, which no other start should pay.
 */
async function openKurrentDb(connectionString: string, opening: StorageOpening): Promise<EventStore> {
  const { KurrentDbEventStore } = await import('@secretchatbox/event-store/kurrentdb');
  const store = KurrentDbEventStore.connect(connectionString);
  if (opening === 'create') return store;
  try {
    await store.ping();
    return store;
  } catch (error) {
    await store.close();
    throw new StorageSettingError(`EVENTSTORE_CONNECTION_STRING cannot be used: ${reasonOf(error)}`, { cause: error });
  }
}

function nothingThere(setting: string, what: string): StorageSettingError {
  return new StorageSettingError(`${setting}: no ${what} there (the server creates one at its first start)`);
}

/**
 * PGlite throws some errors that are not Errors, a refused connection to every address of a name
 * has no message, and the database port's "unreachable" would only repeat "cannot be used".
 */
function reasonOf(error: unknown): string {
  if (error instanceof DatabaseUnavailableError) return reasonOf(error.cause);
  if (error instanceof AggregateError && !error.message) return error.errors.map(reasonOf).join('; ');
  return error instanceof Error ? error.message : inspect(error);
}
