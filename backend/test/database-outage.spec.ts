import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { messages } from '@secretchatbox/contracts';
import { CuttableProxy, PostgresDatabase, postgresTarget, until } from '@secretchatbox/database/testing';
import { PostgresEventStore } from '@secretchatbox/event-store';
import { startTestAppOn, type TestApp } from './support/test-app.js';

const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) {
  console.warn(
    '[skipped] the database outage: TEST_DATABASE_URL is not set, and PGlite runs in process (no connection to cut).',
  );
}

const valid = {
  content: 'I slept through the whole outage and nobody noticed.',
  category: 'funny',
  collegeCode: 'C001',
};

(serverUrl ? describe : describe.skip)('a PostgreSQL server that cannot be reached for a while', () => {
  let proxy: CuttableProxy;
  let dropDatabase: () => Promise<void>;
  let t: TestApp;
  /** Every status answered by the reads sent all along, through the cut and after it. */
  const statuses: number[] = [];
  let reading = true;
  let readsDone: Promise<void>;

  const session = async () => (await t.call('POST', '/api/session')).body.sessionToken as string;
  const refusal = async (method: string, path: string, options: Parameters<TestApp['call']>[2] = {}) => {
    const { status, headers, body } = await t.call(method, path, options);
    return { path, status, retryAfter: headers.get('retry-after'), message: body.message };
  };
  const refused = (path: string) => ({ path, status: 503, retryAfter: '1', message: messages.brieflyUnavailable });

  beforeAll(async () => {
    const created = await postgresTarget(serverUrl!).create();
    dropDatabase = created.dispose;
    proxy = await CuttableProxy.start(created.connectionString!);
    const db = new PostgresDatabase({
      connectionString: proxy.through(created.connectionString!),
      connectTimeoutMs: 2000,
    });
    const store = await PostgresEventStore.open(db);
    const storage = {
      db,
      store,
      describe: 'PostgreSQL server through a proxy',
      async close() {
        await store.close();
        await db.close();
      },
    };
    t = await startTestAppOn(storage, { READ_YOUR_WRITES_TIMEOUT_MS: '10000' });
  });
  afterAll(async () => {
    reading = false;
    await readsDone;
    await t.close();
    await proxy.close();
    await dropDatabase();
  });

  it('answers 503 with Retry-After while it is away, and serves again once it is back, without a restart', async () => {
    const before = await session();
    expect((await t.call('POST', '/api/confessions', { token: before, body: valid })).status).toBe(201);
    // Feed searches, each a query of its own (no cache holds it), all the while.
    readsDone = (async () => {
      for (let n = 0; reading; n++) {
        statuses.push(
          (await t.call('GET', `/api/confessions?collegeCode=C001&q=outage${n}`, { token: before })).status,
        );
      }
    })();

    await proxy.cut();
    const feed = `/api/confessions?collegeCode=C001&q=cut`;
    expect(await refusal('GET', feed)).toEqual(refused(feed));
    expect(await refusal('GET', '/api/daily-limit', { token: before })).toEqual(refused('/api/daily-limit'));
    expect(await refusal('POST', '/api/session')).toEqual(refused('/api/session'));
    expect(await refusal('POST', '/api/confessions', { token: before, body: valid })).toEqual(
      refused('/api/confessions'),
    );
    const notReady = await t.call('GET', '/health/ready');
    expect({ status: notReady.status, ready: notReady.body.status }).toEqual({ status: 503, ready: 'unavailable' });

    await proxy.restore();
    const after = await session();
    const submitted = await t.call('POST', '/api/confessions', { token: after, body: valid });
    // 201, not 202: the projections have caught up with the submission made after the cut.
    expect({ status: submitted.status, body: submitted.body }).toEqual({
      status: 201,
      body: { id: expect.any(String), status: 'pending', remaining: 4 },
    });
    expect((await t.call('GET', '/api/daily-limit', { token: before })).body).toMatchObject({ used: 1 });
    expect((await t.call('GET', feed)).status).toBe(200);
    await until(async () => (await t.call('GET', '/health/ready')).status === 200, 15000);

    reading = false;
    await readsDone;
    expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
  }, 60000);
});
