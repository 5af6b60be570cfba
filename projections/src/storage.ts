import { join, resolve } from 'node:path';
import { inspect } from 'node:util';
import { type Database, openDatabase } from '@secretchatbox/database';
import { type EventStore, KurrentDbEventStore, PostgresEventStore } from '@secretchatbox/event-store';
import { z } from 'zod';

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
});
export type StorageConfig = z.infer<typeof storageConfigSchema>;

/** DATA_DIR cannot hold the embedded database: another process has it open, or it is no folder this one can write to. */
export class DataDirError extends Error {
  override readonly name = 'DataDirError';
}

export type Storage = Readonly<{ db: Database; store: EventStore; describe: string; close(): Promise<void> }>;

/** Opens the read-model database and the event store the configuration names. */
export async function openStorage(config: StorageConfig, applicationName: string): Promise<Storage> {
  const db = config.DATABASE_URL
    ? await openDatabase({
        kind: 'postgres',
        connectionString: config.DATABASE_URL,
        maxConnections: config.DATABASE_POOL_SIZE,
        applicationName,
      })
    : await openEmbeddedDatabase(resolve(config.DATA_DIR));
  try {
    const store = config.EVENTSTORE_CONNECTION_STRING
      ? await KurrentDbEventStore.connect(config.EVENTSTORE_CONNECTION_STRING)
      : await PostgresEventStore.open(db);
    const describe = `${config.DATABASE_URL ? 'PostgreSQL server' : `PGlite in ${resolve(config.DATA_DIR)}`}, events in ${
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

async function openEmbeddedDatabase(dataDir: string): Promise<Database> {
  try {
    return await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
  } catch (error) {
    // PGlite throws some errors that are not Errors.
    const reason = error instanceof Error ? error.message : inspect(error);
    throw new DataDirError(`DATA_DIR ${dataDir} cannot be used: ${reason}`, { cause: error });
  }
}
