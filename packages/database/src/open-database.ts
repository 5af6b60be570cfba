import { accessSync, constants } from 'node:fs';
import { createFolder } from './create-folder.js';
import type { Database } from './database.js';
import { copyDatabaseFolder, freshPgliteFolder, holdsDatabase, pgliteInitdbArgs, type Schema } from './fresh-pglite.js';
import { PgliteDatabase } from './pglite-database.js';
import type { PostgresOptions } from './postgres-database.js';

export type DatabaseLocation =
  | ({ kind: 'postgres' } & PostgresOptions)
  /**
   * `existingOnly`: open the database found in `dataDir`, never make one. `schema`: what a new
   * one is migrated to, which it starts as the build's copy of, where there is one.
   */
  | { kind: 'pglite'; dataDir?: string; existingOnly?: boolean; schema?: Schema };

/** A location opened as existing only holds no database. */
export class DatabaseNotFoundError extends Error {
  override readonly name = 'DatabaseNotFoundError';
}

export async function openDatabase(location: DatabaseLocation): Promise<Database> {
  if (location.kind === 'postgres') {
    // pg loads only where a server is used: about 60 ms of every embedded start.
    const { PostgresDatabase } = await import('./postgres-database.js');
    return new PostgresDatabase(location);
  }
  if (!location.dataDir) return PgliteDatabase.open();
  if (location.existingOnly) requireDatabaseIn(location.dataDir);
  else createFolder(location.dataDir);
  // PGlite's own error for a folder it may not write to says nothing of the folder.
  accessSync(location.dataDir, constants.W_OK);
  if (!holdsDatabase(location.dataDir) && location.schema) {
    copyDatabaseFolder(freshPgliteFolder(location.schema), location.dataDir);
  }
  return PgliteDatabase.open({ dataDir: location.dataDir, initdbArgs: pgliteInitdbArgs });
}

function requireDatabaseIn(dataDir: string): void {
  if (!holdsDatabase(dataDir)) throw new DatabaseNotFoundError(`no database in ${dataDir}`);
}
