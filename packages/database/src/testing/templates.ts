import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { applySchema, newDatabaseKey, pgliteInitdbArgs, type Schema } from '../fresh-pglite.js';
import { PgliteDatabase } from '../pglite-database.js';
import { PostgresDatabase } from '../postgres-database.js';

/** The migrations a test database starts with: each component's, in the order given. */
export type TestSchema = Schema;

/**
 * The templates this process has found or made, by file or database: a test that creates a
 * database for each case reads the dump, or asks the server, once.
 */
const known = new Map<string, Promise<unknown>>();

function once<T>(key: string, find: () => Promise<T>): Promise<T> {
  let found = known.get(key) as Promise<T> | undefined;
  if (!found) {
    found = find();
    known.set(key, found);
    // A failure is not kept: the next test tries again.
    found.catch(() => known.delete(key));
  }
  return found;
}

/** Where the PGlite templates are kept between runs; each file is named by what it holds. */
const pgliteTemplates = join(tmpdir(), 'secretchatbox-test-templates');
/**
 * Taken on the server while a template is made, so that test processes starting together make it
 * once; a key class no lock of the event store or the projections uses.
 */
const templateLock = [6, 0];

/**
 * How a PGlite template is made, for every copy to open quickly. A copy loads every file of the
 * template: WAL segments of 1 MB instead of 16 (as every new PGlite database has, fresh-pglite.ts)
 * and no template0 or template1 (a test database is never copied from them) took a template from
 * 40 MB to 15 and a copy from 0.9 to 0.3 CPU-s (docs/testing.md).
 */
const pgliteTemplateStatements = [
  ...['template0', 'template1'].flatMap((name) => [
    `ALTER DATABASE ${name} IS_TEMPLATE false`,
    `DROP DATABASE ${name}`,
  ]),
];

/**
 * A template's dump. PGlite asks a dump for its `arrayBuffer()`, which a Blob copies anew for
 * each database (a third of a second when templates were 40 MB); this one hands over the file's
 * bytes as they are, PGlite only reading them.
 */
class TemplateDump extends Blob {
  constructor(private readonly contents: ArrayBuffer) {
    super([contents]);
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.contents);
  }
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
 * A dump of a PGlite database with `schema` applied. Loading one skips PGlite's initdb and the
 * migrations, most of a fresh database's cost. Made once and kept in a file, keyed by the
 * migrations' text: a changed migration makes a new template.
 */
export function pgliteTemplate(schema: TestSchema): Promise<Blob> {
  const file = join(pgliteTemplates, `pglite-${newDatabaseKey(schema, pgliteTemplateStatements)}.tar`);
  return once(file, () => pgliteTemplateIn(file, schema));
}

async function pgliteTemplateIn(file: string, schema: TestSchema): Promise<Blob> {
  await writeNewDatabaseDump(file, schema, pgliteTemplateStatements);
  const bytes = await readFile(file);
  return new TemplateDump(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
}

/**
 * The name of a database on the server with `schema` applied, for `CREATE DATABASE … TEMPLATE`.
 * Made once per set of migrations and left on the server for the next runs.
 */
export function serverTemplate(serverUrl: string, schema: TestSchema): Promise<string> {
  const name = `scb_template_${newDatabaseKey(schema, pgliteTemplateStatements)}`;
  return once(`${serverUrl} ${name}`, () => serverTemplateNamed(serverUrl, name, schema));
}

async function serverTemplateNamed(serverUrl: string, name: string, schema: TestSchema): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock($1, $2)', templateLock);
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await makeServerTemplate(admin, serverUrl, name, schema);
  } finally {
    // Ending the session releases the lock.
    await admin.end();
  }
  return name;
}

/** `serverUrl` with its database replaced by `name`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function makeServerTemplate(admin: pg.Client, serverUrl: string, name: string, schema: TestSchema) {
  // Made under another name and renamed once complete: a process that dies half-way leaves no
  // template that lacks a migration, only this, which the next maker drops.
  const making = `${name}_making`;
  await admin.query(`DROP DATABASE IF EXISTS ${making} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${making}`);
  const db = new PostgresDatabase({
    connectionString: databaseUrl(serverUrl, making),
    maxConnections: 1,
    applicationName: 'scb-test-template',
  });
  try {
    await applySchema(db, schema);
  } finally {
    await db.close();
  }
  await admin.query(`ALTER DATABASE ${making} RENAME TO ${name}`);
}
