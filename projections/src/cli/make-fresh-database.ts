// `npm run build`'s step after the compile: the migrated database a new embedded data folder
// starts as (docs/decisions/026-embedded-postgresql-settings.md), and no older one beside it.
import { readdir, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { freshPgliteFolder, writeNewDatabaseFolder } from '@secretchatbox/database';
import { embeddedSchema } from '../storage.js';

const fresh = freshPgliteFolder(embeddedSchema);
await writeNewDatabaseFolder(fresh, embeddedSchema);
const folder = dirname(fresh);
for (const name of await readdir(folder))
  if (name.startsWith('fresh-pglite-') && !name.endsWith('.partial') && name !== basename(fresh))
    await rm(join(folder, name), { recursive: true });
process.stdout.write(`A new embedded database starts as a copy of ${fresh}\n`);
