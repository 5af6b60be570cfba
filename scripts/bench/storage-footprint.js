import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * What the database holds, in bytes, by the part it serves: the event store, the audit journal
 * (read_model.audit_*), the other read models, and the rest (PostgreSQL's catalogs, migrations,
 * secrets). Each table with its indexes and TOAST. With the confessions it holds, seeded or
 * submitted by a load, in any status: what a figure per confession divides by; and the largest
 * tables (with their TOAST) and indexes, each on its own.
 */
export async function databaseParts(db) {
  const { rows } = await db.query(`
    SELECT CASE
             WHEN n.nspname = 'event_store' THEN 'events'
             WHEN n.nspname = 'read_model' AND c.relname LIKE 'audit\\_%' THEN 'auditJournal'
             WHEN n.nspname = 'read_model' THEN 'readModels'
           END AS part,
           sum(pg_total_relation_size(c.oid))::float8 AS bytes
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relkind IN ('r', 'm') AND n.nspname IN ('event_store', 'read_model')
     GROUP BY 1`);
  const { rows: largest } = await db.query(`
    SELECT c.relname AS name,
           (pg_relation_size(c.oid) + coalesce(pg_total_relation_size(nullif(c.reltoastrelid, 0)), 0))::float8 AS bytes
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relkind IN ('r', 'm', 'i') AND n.nspname IN ('event_store', 'read_model')
     ORDER BY bytes DESC LIMIT 12`);
  const [{ total }] = (await db.query('SELECT pg_database_size(current_database())::float8 AS total')).rows;
  const [{ confessions }] = (await db.query('SELECT count(*)::int AS confessions FROM read_model.confessions')).rows;
  const parts = Object.fromEntries(rows.map(({ part, bytes }) => [part, bytes]));
  const ours = (parts.events ?? 0) + (parts.auditJournal ?? 0) + (parts.readModels ?? 0);
  return { events: 0, auditJournal: 0, readModels: 0, ...parts, rest: total - ours, total, confessions, largest };
}

/** The bytes a folder's files take on disk, every subfolder included. */
export async function folderBytes(folder) {
  let bytes = 0;
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    bytes += entry.isDirectory() ? await folderBytes(path) : (await stat(path)).blocks * 512;
  }
  return bytes;
}
