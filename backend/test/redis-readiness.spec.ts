import { once } from 'node:events';
import { type AddressInfo, connect, createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { messages } from '@secretchatbox/contracts';
import { quickestTarget } from '@secretchatbox/database/testing';
import { connectRedis } from '../src/infrastructure/redis.js';
import { freshKeyPrefix, reportSkippedRedisSuites, testRedisUrl } from './support/redis.js';
import { startTestApp, type TestApp } from './support/test-app.js';

reportSkippedRedisSuites('the readiness check of Redis mode');

/** The test Redis behind a port of its own, which the test can cut off and open again. */
async function redisLine() {
  const target = new URL(testRedisUrl!);
  const connections = new Set<Socket>();
  let server: Server | null = null;
  const open = async (port = 0) => {
    server = createServer((client) => {
      const upstream = connect(Number(target.port || 6379), target.hostname);
      for (const end of [client, upstream]) {
        connections.add(end);
        end.on('close', () => connections.delete(end));
        end.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
    }).listen(port, '127.0.0.1');
    await once(server, 'listening');
    return (server.address() as AddressInfo).port;
  };
  const cut = async () => {
    const closed = new Promise((resolve) => server?.close(resolve));
    for (const end of connections) end.destroy();
    await closed;
  };
  const port = await open();
  return { url: `redis://127.0.0.1:${port}`, cut, reopen: () => open(port) };
}

(testRedisUrl ? describe : describe.skip)('readiness in Redis mode', () => {
  let t: TestApp;
  let line: Awaited<ReturnType<typeof redisLine>>;
  beforeAll(async () => {
    line = await redisLine();
    t = await startTestApp(quickestTarget(), { REDIS_URL: line.url, REDIS_KEY_PREFIX: freshKeyPrefix() });
  });
  afterAll(async () => {
    await line.cut();
    await t.close();
  });
  /** The answer to `method path` once it is `status` (Redis is back), or the last one after 10 s. */
  const onceItAnswers = async (method: string, path: string, status: number) => {
    const deadline = Date.now() + 10_000;
    let answer = await t.call(method, path);
    while (answer.status !== status && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      answer = await t.call(method, path);
    }
    return answer;
  };

  it('reports Redis, not ready while it cannot be reached, and ready again once it can', async () => {
    const ready = await t.call('GET', '/health/ready');
    expect(ready).toMatchObject({ status: 200, body: { status: 'ok', checks: { redis: { ok: true } } } });

    await line.cut();
    // At once: a command that waited for the client to reconnect would wait for as long as the line stays cut.
    const cutOff = await t.call('GET', '/health/ready');
    expect(cutOff).toMatchObject({ status: 503, body: { status: 'unavailable', checks: { redis: { ok: false } } } });

    await line.reopen();
    const again = await onceItAnswers('GET', '/health/ready', 200);
    expect(again.body.checks.redis).toEqual({ ok: true });
  });

  it('refuses writes at once with 503 while their limits cannot be counted, and takes them again after', async () => {
    await line.cut();
    // At once: a count that waited for the client to reconnect would wait for as long as the line stays cut.
    const refused = await t.call('POST', '/api/session');
    expect(refused).toMatchObject({ status: 503, body: { message: messages.brieflyUnavailable } });
    expect(refused.headers.get('retry-after')).toBe('1');
    // Reads count nothing, and go on.
    expect((await t.call('GET', '/api/colleges')).status).toBe(200);

    await line.reopen();
    expect((await onceItAnswers('POST', '/api/session', 201)).status).toBe(201);
  });

  it('closes its connections while Redis cannot be reached, even with a command waiting for it', async () => {
    const redis = await connectRedis(line.url, freshKeyPrefix());
    await line.cut();
    const waiting = redis.commands.ping().catch(() => 'dropped');
    // A graceful close alone would wait for the ping's answer, as long as the line stays cut.
    await redis.close();
    expect(await waiting).toBe('dropped');
    await line.reopen();
  });
});
