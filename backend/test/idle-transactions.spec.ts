import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { idleTransaction, postgresTarget } from '@secretchatbox/database/testing';
import type pg from 'pg';
import { startTestApp, type TestApp } from './support/test-app.js';

const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl)
  console.warn('[skipped] the idle transaction tests need a PostgreSQL server: TEST_DATABASE_URL is not set.');

// An idle transaction needs a second connection to the server; PGlite has one.
(serverUrl ? describe : describe.skip)('writes while transactions sit idle on the PostgreSQL server', () => {
  let t: TestApp;
  const idle: pg.Client[] = [];

  beforeAll(async () => {
    t = await startTestApp(postgresTarget(serverUrl!), { READ_YOUR_WRITES_TIMEOUT_MS: '2000' });
    const own = await t.storage.db.query<{ name: string }>('SELECT current_database() AS name');
    const sameDatabase = new URL(serverUrl!);
    sameDatabase.pathname = `/${own.rows[0]!.name}`;
    idle.push(await idleTransaction(serverUrl!), await idleTransaction(sameDatabase.toString()));
  });
  afterAll(async () => {
    await Promise.all(idle.map((client) => client.end()));
    await t.close();
  });

  it('answer 201 and 200 as usual, their changes readable at once, not 202', async () => {
    const session = await t.call('POST', '/api/session');
    expect(session.status).toBe(201);
    const token = session.body.sessionToken;
    const submitted = await t.call('POST', '/api/confessions', {
      token,
      body: { content: 'Someone left psql open in the basement lab.', category: 'rants', collegeCode: 'C001' },
    });
    expect(submitted.status).toBe(201);
    const limit = await t.call('GET', '/api/daily-limit', { token });
    expect(limit.status).toBe(200);
    expect(limit.body.remaining).toBe(submitted.body.remaining);
  });
});
