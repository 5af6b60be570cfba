import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { copyDatabaseFolder, holdsDatabase, type Schema, writeNewDatabaseFolder } from './fresh-pglite.js';
import { PgliteDatabase } from './pglite-database.js';
import { writeNewDatabaseDump } from './testing/templates.js';

const folder = mkdtempSync(join(tmpdir(), 'scb-fresh-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const schema: Schema = [
  { component: 'fresh-test', migrations: [{ version: 1, name: 'notes', sql: 'CREATE TABLE notes (text text)' }] },
];

/** Writes a row into the database in `dataDir`, checks its WAL segments, and reads the row back after a reopen. */
async function expectWritableAndKept(open: () => Promise<PgliteDatabase>, dataDir: string): Promise<void> {
  const db = await open();
  try {
    await db.exec("INSERT INTO notes VALUES ('kept')");
    expect((await db.query('SHOW wal_segment_size')).rows).toEqual([{ wal_segment_size: '1MB' }]);
  } finally {
    await db.close();
  }
  const reopened = await PgliteDatabase.open({ dataDir });
  try {
    expect((await reopened.query('SELECT text FROM notes')).rows).toEqual([{ text: 'kept' }]);
  } finally {
    await reopened.close();
  }
}

describe("a new database's dump", () => {
  it('is written once, and a data folder started from it holds the migrated schema, with 1 MB WAL segments', async () => {
    const file = join(folder, 'fresh.tar');
    await writeNewDatabaseDump(file, schema);
    const written = statSync(file).mtimeMs;
    await writeNewDatabaseDump(file, schema);
    expect(statSync(file).mtimeMs).toBe(written);

    const dataDir = join(folder, 'from-dump');
    const dump = new Blob([await readFile(file)]);
    await expectWritableAndKept(() => PgliteDatabase.open({ dataDir, dump }), dataDir);
  });
});

describe("a new database's folder", () => {
  it('is made once, and a data folder copied from it holds the migrated schema, with 1 MB WAL segments', async () => {
    const fresh = join(folder, 'fresh');
    await writeNewDatabaseFolder(fresh, schema);
    const made = statSync(join(fresh, 'PG_VERSION')).mtimeMs;
    await writeNewDatabaseFolder(fresh, schema);
    expect(statSync(join(fresh, 'PG_VERSION')).mtimeMs).toBe(made);
    expect(readdirSync(folder).filter((name) => name.includes('partial'))).toEqual([]);

    const dataDir = join(folder, 'copy');
    copyDatabaseFolder(fresh, dataDir);
    expect(holdsDatabase(dataDir)).toBe(true);
    await expectWritableAndKept(() => PgliteDatabase.open({ dataDir }), dataDir);
  });

  it('is no copy where the build made none', () => {
    const dataDir = join(folder, 'no-copy');
    copyDatabaseFolder(join(folder, 'absent'), dataDir);
    expect(existsSync(dataDir)).toBe(false);
  });
});
