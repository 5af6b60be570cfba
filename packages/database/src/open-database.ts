import { accessSync, constants, statSync } from 'node:fs';
import { join } from 'node:path';
import { createFolder } from './create-folder.js';
import type { Database } from './database.js';
import { PgliteDatabase } from './pglite-database.js';
import { PostgresDatabase, type PostgresOptions } from './postgres-database.js';

export type DatabaseLocation =
  | ({ kind: 'postgres' } & PostgresOptions)
  /** `existingOnly`: open the database found in `dataDir`, never make one. */
  | { kind: 'pglite'; dataDir?: string; existingOnly?: boolean };

/** A location opened as existing only holds no database. */
export class DatabaseNotFoundError extends Error {
  override readonly name = 'DatabaseNotFoundError';
}

export async function openDatabase(location: DatabaseLocation): Promise<Database> {
  if (location.kind === 'postgres') return new PostgresDatabase(location);
  if (location.dataDir) {
    if (location.existingOnly) requireDatabaseIn(location.dataDir);
    else createFolder(location.dataDir);
    // PGlite's own error for a folder it may not write to says nothing of the folder.
    accessSync(location.dataDir, constants.W_OK);
  }
  return PgliteDatabase.open({ dataDir: location.dataDir });
}

/** PGlite makes a new database in a folder without the version file, as `initdb` does. */
function requireDatabaseIn(dataDir: string): void {
  try {
    statSync(join(dataDir, 'PG_VERSION'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new DatabaseNotFoundError(`no database in ${dataDir}`);
    throw error;
  }
}
