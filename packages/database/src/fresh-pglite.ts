import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
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

/** What names a dump: the PGlite release, how the database was made and all it was given. */
export function dumpKey(schema: Schema, statements: readonly string[] = []): string {
  return createHash('sha256')
    .update(JSON.stringify([pgliteVersion, pgliteInitdbArgs, statements, schema]))
    .digest('hex')
    .slice(0, 16);
}

export async function applySchema(db: Database, schema: Schema): Promise<void> {
  for (const { component, migrations } of schema) await migrate(db, component, migrations);
}

/**
 * Writes at `file`, unless it is there, the dump of a new database with `schema` migrated and then
 * `statements` run, one at a time (a database is dropped outside any transaction).
 */
export async function writeNewDatabaseDump(file: string, schema: Schema, statements: readonly string[] = []) {
  if (existsSync(file)) return;
  const db = await PgliteDatabase.open({ initdbArgs: pgliteInitdbArgs });
  try {
    await applySchema(db, schema);
    for (const statement of statements) await db.exec(statement);
    // Written aside, then renamed: a process reading meanwhile finds the whole file or none.
    const partial = `${file}.${process.pid}.partial`;
    await mkdir(dirname(file), { recursive: true });
    await writeFile(partial, Buffer.from(await (await db.dumpDataDir()).arrayBuffer()));
    await rename(partial, file);
  } finally {
    await db.close();
  }
}

/**
 * Where the build keeps the database a new data folder starts from (beside this package's build):
 * PGlite's initdb and the migrations took 5 of the 7.5 s a first start took on the machine this
 * project is built on, loading the dump of a migrated database takes about one
 * (docs/decisions/026-embedded-postgresql-settings.md). A dump of older migrations would still
 * be a sound start, the server migrating the rest; the key makes the build replace it.
 */
export const freshPgliteDumpFile = (schema: Schema) =>
  fileURLToPath(new URL(`fresh-pglite-${dumpKey(schema)}.tar`, import.meta.url));

/** The build's dump of a new database with `schema`, or null where the build made none. */
export async function freshPgliteDump(schema: Schema): Promise<Blob | null> {
  try {
    return new Blob([await readFile(freshPgliteDumpFile(schema))]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
