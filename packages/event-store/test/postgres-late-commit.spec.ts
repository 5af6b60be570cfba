import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { postgresTarget } from '@secretchatbox/database/testing';
import pg from 'pg';
import { PostgresEventStore } from '../src/index.js';

const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) console.warn('[skipped] the late-commit test needs a PostgreSQL server: TEST_DATABASE_URL is not set.');

// Two connections are needed to hold one transaction open while another commits; PGlite has one.
(serverUrl ? describe : describe.skip)('read all on a PostgreSQL server, with a transaction committing late', () => {
  let store: PostgresEventStore;
  let connectionString: string;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    const created = await postgresTarget(serverUrl!).create();
    ({ dispose } = created);
    connectionString = created.connectionString!;
    store = await PostgresEventStore.open(created.db);
  });
  afterAll(async () => {
    await store.close();
    await dispose();
  });

  it('holds back events committed after an open transaction until it commits, then gives both in order', async () => {
    const start = await store.appendToStream('late-start', [{ type: 'Start', data: {} }]);
    const slow = new pg.Client({ connectionString });
    await slow.connect();
    try {
      await slow.query('BEGIN');
      await slow.query(`SELECT * FROM event_store.append_to_stream('late-slow', 'any', $1::jsonb)`, [
        JSON.stringify([{ id: '7d4f6c1e-0b4a-4c55-9d4b-0f1e2d3c4b5a', type: 'Slow', data: {}, metadata: {} }]),
      ]);
      await store.appendToStream('late-fast', [{ type: 'Fast', data: {} }]);

      const whileOpen = await store.readAll({ after: start.position });
      expect(whileOpen.map((event) => event.type)).toEqual([]);

      await slow.query('COMMIT');
      // Transactions of other tests on the same server may hold the horizon back a moment longer.
      let afterCommit = await store.readAll({ after: start.position });
      for (let i = 0; i < 200 && afterCommit.length < 2; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        afterCommit = await store.readAll({ after: start.position });
      }
      expect(afterCommit.map((event) => event.type)).toEqual(['Slow', 'Fast']);
    } finally {
      await slow.end();
    }
  });
});
