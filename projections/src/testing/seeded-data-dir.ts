import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PgliteDatabase } from '@secretchatbox/database';
import { pgliteTemplate } from '@secretchatbox/database/testing';
import { embeddedDatabaseFolder } from '../storage.js';

/**
 * A new DATA_DIR in `parent` whose database exists, empty: copied from the template
 * (docs/testing.md) instead of made by PGlite's initdb, most of the cost of an embedded store's
 * first opening.
 */
export async function seededDataDir(parent = tmpdir()): Promise<string> {
  const dataDir = mkdtempSync(join(parent, 'scb-data-'));
  const db = await PgliteDatabase.open({
    dataDir: embeddedDatabaseFolder(dataDir),
    dump: await pgliteTemplate([]),
  });
  await db.close();
  return dataDir;
}
