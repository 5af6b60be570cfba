import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { PostgresDatabase } from '../src/postgres-database.js';
import { postgresTarget } from '../src/testing/index.js';

const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) console.warn('[skipped] the NOTIFY tests need a PostgreSQL server: TEST_DATABASE_URL is not set.');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Two processes are two databases objects with their own connections; PGlite has one process.
(serverUrl ? describe : describe.skip)('notifications on a PostgreSQL server', () => {
  let connectionString: string;
  let dispose: () => Promise<void>;
  let raw: pg.Client;
  const heardByRaw: string[] = [];

  beforeAll(async () => {
    const created = await postgresTarget(serverUrl!).create();
    ({ connectionString, dispose } = created as { connectionString: string; dispose: () => Promise<void> });
    // A plain LISTEN, which takes no part in the presence check: it shows what reaches the server.
    raw = new pg.Client({ connectionString });
    await raw.connect();
    raw.on('notification', (message) => heardByRaw.push(`${message.channel}:${message.payload}`));
    await raw.query('LISTEN alone');
    await raw.query('LISTEN shared');
    await raw.query('LISTEN flush');
  });
  afterAll(async () => {
    await raw.end();
    await dispose();
  });

  it('are sent only while another process listens, and reach it', async () => {
    const sender = new PostgresDatabase({ connectionString });
    const other = new PostgresDatabase({ connectionString });
    try {
      // The sender's own listener does not count.
      await sender.listen('alone', () => undefined);
      await sender.notify('alone', 'unheard');
      const heardByOther: string[] = [];
      await other.listen('shared', (payload) => heardByOther.push(payload));
      await sender.notify('shared', 'heard');
      // Notifications reach a listener in the order they were sent: one sent for 'alone' would come first.
      for (let i = 0; i < 200 && (heardByOther.length === 0 || heardByRaw.length === 0); i++) await sleep(10);
      expect(heardByOther).toEqual(['heard']);
      expect(heardByRaw).toEqual(['shared:heard']);
    } finally {
      await Promise.all([sender.close(), other.close()]);
    }
  });

  it('stop once the other process has stopped listening', async () => {
    const other = new PostgresDatabase({ connectionString });
    const sender = new PostgresDatabase({ connectionString });
    try {
      const stopListening = await other.listen('shared', () => undefined);
      await other.listen('flush', () => undefined);
      await stopListening();
      // A sender that has not asked before, so that no earlier answer is remembered.
      await sender.notify('shared', 'after the listener left');
      await sender.notify('flush', 'sent after');
      for (let i = 0; i < 200 && !heardByRaw.includes('flush:sent after'); i++) await sleep(10);
      expect(heardByRaw).toContain('flush:sent after');
      expect(heardByRaw).not.toContain('shared:after the listener left');
    } finally {
      await Promise.all([sender.close(), other.close()]);
    }
  });
});
