import { mkdirSync } from 'node:fs';
import type { Database } from './database.js';
import { PgliteDatabase } from './pglite-database.js';
import { PostgresDatabase } from './postgres-database.js';

export type DatabaseLocation =
  | { kind: 'postgres'; connectionString: string; maxConnections?: number; applicationName?: string }
  | { kind: 'pglite'; dataDir?: string };

export async function openDatabase(location: DatabaseLocation): Promise<Database> {
  if (location.kind === 'postgres') return new PostgresDatabase(location);
  if (location.dataDir) mkdirSync(location.dataDir, { recursive: true });
  return PgliteDatabase.open(location.dataDir);
}
