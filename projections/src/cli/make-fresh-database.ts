// `npm run build`'s step after the compile: the migrated database a new embedded data folder
// starts as (docs/decisions/026-embedded-postgresql-settings.md), and no older one beside it.
import { readdir, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { freshPgliteDumpFile, writeNewDatabaseDump } from '@secretchatbox/database';
import { embeddedSchema } from '../storage.js';

const file = freshPgliteDumpFile(embeddedSchema);
await writeNewDatabaseDump(file, embeddedSchema);
const folder = dirname(file);
for (const name of await readdir(folder))
  if (/^fresh-pglite-.*\.tar$/.test(name) && name !== basename(file)) await rm(join(folder, name));
process.stdout.write(`A new embedded database starts as ${file}\n`);
