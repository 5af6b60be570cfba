import { expect, it } from '@jest/globals';
import { migrate } from '../src/index.js';
import { PostgresDatabase } from '../src/postgres-database.js';
import { postgresTarget } from '../src/testing/index.js';

const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl)
  console.warn('[skipped] the migration race test needs a PostgreSQL server: TEST_DATABASE_URL is not set.');

const migrations = [
  { version: 1, name: 'create', sql: 'CREATE SCHEMA raced; CREATE TABLE raced.items (id int PRIMARY KEY)' },
  { version: 2, name: 'fill', sql: 'INSERT INTO raced.items VALUES (1)' },
];

// Processes starting together on an empty database: each a database object of its own.
(serverUrl ? it : it.skip)('applies each migration once when processes migrate an empty database at once', async () => {
  const { connectionString, dispose } = await postgresTarget(serverUrl!).create();
  const processes = Array.from({ length: 6 }, () => new PostgresDatabase({ connectionString: connectionString! }));
  try {
    const applied = await Promise.all(
      processes.map((db, n) => migrate(db, n % 2 === 0 ? 'raced' : 'other', n % 2 === 0 ? migrations : [])),
    );
    expect(applied.filter((versions) => versions.length > 0)).toEqual([[1, 2]]);
    const { rows } = await processes[0]!.query<{ count: string }>('SELECT count(*) AS count FROM raced.items');
    expect(Number(rows[0]!.count)).toBe(1);
  } finally {
    await Promise.all(processes.map((db) => db.close()));
    await dispose();
  }
});
