import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { freshPgliteDump, type Schema, writeNewDatabaseDump } from './fresh-pglite.js';
import { PgliteDatabase } from './pglite-database.js';

const folder = mkdtempSync(join(tmpdir(), 'scb-fresh-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const schema: Schema = [
  { component: 'fresh-test', migrations: [{ version: 1, name: 'notes', sql: 'CREATE TABLE notes (text text)' }] },
];

describe("a new database's dump", () => {
  it('is written once, and a data folder started from it holds the migrated schema, with 1 MB WAL segments', async () => {
    const file = join(folder, 'fresh.tar');
    await writeNewDatabaseDump(file, schema);
    const written = statSync(file).mtimeMs;
    await writeNewDatabaseDump(file, schema);
    expect(statSync(file).mtimeMs).toBe(written);

    const dataDir = join(folder, 'data');
    const db = await PgliteDatabase.open({ dataDir, dump: new Blob([await readFile(file)]) });
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
  });

  it('is none where the build made none', async () => {
    expect(await freshPgliteDump([{ component: `absent-${process.pid}`, migrations: [] }])).toBeNull();
  });
});
