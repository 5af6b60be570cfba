import { resolve } from 'node:path';
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

export type Storage = Readonly<{ db: Database; store: EventStore; describe: string; close(): Promise<void> }>;

/** Opens the read-model database and the event store the configuration names. */
export async function openStorage(config: StorageConfig, applicationName: string): Promise<Storage> {
  const db = await openDatabase(
    config.DATABASE_URL
      ? {
          kind: 'postgres',
          connectionString: config.DATABASE_URL,
          maxConnections: config.DATABASE_POOL_SIZE,
          applicationName,
        }
      : { kind: 'pglite', dataDir: resolve(config.DATA_DIR, 'pglite') },
  );
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
