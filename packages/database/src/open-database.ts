import { accessSync, constants } from 'node:fs';
import { createFolder } from './create-folder.js';
import type { Database } from './database.js';
import { PgliteDatabase } from './pglite-database.js';
import { PostgresDatabase } from './postgres-database.js';

export type DatabaseLocation =
  | { kind: 'postgres'; connectionString: string; maxConnections?: number; applicationName?: string }
  | { kind: 'pglite'; dataDir?: string };

export async function openDatabase(location: DatabaseLocation): Promise<Database> {
  if (location.kind === 'postgres') return new PostgresDatabase(location);
  if (location.dataDir) {
    createFolder(location.dataDir);
    // PGlite's own error for a folder it may not write to says nothing of the folder.
    accessSync(location.dataDir, constants.W_OK);
  }
  return PgliteDatabase.open(location.dataDir);
}
