import { createHash } from 'node:crypto';
import { cpSync, readFileSync, statSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './database.js';
import { type Migration, migrate } from './migrations.js';
import { PgliteDatabase } from './pglite-database.js';

/** The migrations a new database starts with: each component's, in the order given. */
export type Schema = readonly Readonly<{ component: string; migrations: readonly Migration[] }>[];

function packageFolder(name: string): string {
  const entry = createRequire(import.meta.url).resolve(name);
  return entry.slice(0, entry.lastIndexOf(`/node_modules/${name}/`) + `/node_modules/${name}`.length);
}

/** The PGlite release in use: a dump holds that release's files, and another must not load it. */
const pgliteVersion: string = JSON.parse(
  readFileSync(join(packageFolder('@electric-sql/pglite'), 'package.json'), 'utf8'),
).version;

/**
 * How every new PGlite database is made. WAL segments of 1 MB instead of 16: the WAL is kept at
 * 64 MB at most (pglite-database.ts), and a new database's files shrink from 38 MB to 31.
 */
export const pgliteInitdbArgs = ['--wal-segsize=1'];

/**
 * What names a new database made once and copied (a dump, a folder, a template): the PGlite
 * release, how the database was made and all it was given.
 */
export function newDatabaseKey(schema: Schema, statements: readonly string[] = []): string {
  return createHash('sha256')
    .update(JSON.stringify([pgliteVersion, pgliteInitdbArgs, statements, schema]))
    .digest('hex')
    .slice(0, 16);
}

export async function applySchema(db: Database, schema: Schema): Promise<void> {
  for (const { component, migrations } of schema) await migrate(db, component, migrations);
}

/**
 * Makes at `folder`, unless it holds one, a new database with `schema` migrated, as a data
 * folder PGlite has closed: a copy of it opens as a restart does.
 */
export async function writeNewDatabaseFolder(folder: string, schema: Schema): Promise<void> {
  if (holdsDatabase(folder)) return;
  // Made aside, then renamed: a process reading meanwhile finds the whole folder or none.
  const partial = `${folder}.${process.pid}.partial`;
  await rm(partial, { recursive: true, force: true });
  const db = await PgliteDatabase.open({ dataDir: partial, initdbArgs: pgliteInitdbArgs });
  try {
    await applySchema(db, schema);
  } finally {
    await db.close();
  }
  await rm(folder, { recursive: true, force: true });
  await rename(partial, folder);
}

/**
 * Where the build keeps the database a new data folder starts as (beside this package's build).
 * PGlite's initdb and the migrations took 5 of the 7.5 s a first start took on the machine this
 * project is built on; loading a dump of a migrated database made PostgreSQL work through it
 * again for a second and a half more than a restart; a copy of a closed one opens as a restart
 * does (docs/decisions/026-embedded-postgresql-settings.md). A copy of older migrations would
 * still be a sound start, the server migrating the rest; the key makes the build replace it.
 */
export const freshPgliteFolder = (schema: Schema) =>
  fileURLToPath(new URL(`fresh-pglite-${newDatabaseKey(schema)}`, import.meta.url));

/**
 * Makes `dataDir`, a folder without a database, a copy of the database in `source` (a closed
 * one, as writeNewDatabaseFolder makes); nothing where `source` holds none. Its version file goes
 * last: a copy cut short is no database, and the next start copies again.
 */
export function copyDatabaseFolder(source: string, dataDir: string): void {
  if (!holdsDatabase(source)) return;
  cpSync(source, dataDir, { recursive: true, filter: (file) => file !== join(source, versionFile) });
  cpSync(join(source, versionFile), join(dataDir, versionFile));
}

const versionFile = 'PG_VERSION';

/** PGlite makes a new database in a folder without the version file, as `initdb` does. */
export function holdsDatabase(dataDir: string): boolean {
  try {
    statSync(join(dataDir, versionFile));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}
