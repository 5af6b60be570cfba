import type { Database } from '@secretchatbox/database';
import { readModelSchema } from './migrations.js';

/**
 * Drops the read models' secondary indexes for a rebuild and keeps their definitions, to be built
 * once at the end: building an index over a filled table costs a fraction of keeping it up to
 * date row by row (an approval alone touched three indexes, the search index among them). Unique
 * indexes stay: constraints and conflict targets need them.
 */
export async function deferSecondaryIndexes(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ name: string; definition: string }>(
      `SELECT format('%I.%I', n.nspname, c.relname) AS name, pg_get_indexdef(c.oid) AS definition
         FROM pg_index x
         JOIN pg_class c ON c.oid = x.indexrelid
         JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = $1 AND NOT x.indisunique`,
      [readModelSchema],
    );
    for (const { name, definition } of rows) {
      await tx.query('INSERT INTO read_model.deferred_indexes (name, definition) VALUES ($1, $2)', [name, definition]);
      await tx.query(`DROP INDEX ${name}`);
    }
  });
}

/**
 * Builds the indexes a rebuild deferred. Runs after every migration too, so that a rebuild that
 * stopped half way (a crash) leaves no read model without its indexes once the server is back.
 */
export async function buildDeferredIndexes(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ definition: string }>('SELECT definition FROM read_model.deferred_indexes');
    for (const { definition } of rows) {
      await tx.query(definition.replace(/^CREATE INDEX /, 'CREATE INDEX IF NOT EXISTS '));
    }
    if (rows.length > 0) await tx.query('DELETE FROM read_model.deferred_indexes');
  });
}
