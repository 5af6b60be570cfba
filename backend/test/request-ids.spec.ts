import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { streams } from '@secretchatbox/contracts';
import { reportSkippedServerSuites, testDatabaseTargets, until } from '@secretchatbox/database/testing';
import { isUuid } from '../src/common/ids.js';
import { startTestApp, type TestApp } from './support/test-app.js';

reportSkippedServerSuites('the request id tests');

const confession = {
  content: 'I return library books a day late on purpose.',
  category: 'funny',
  collegeCode: 'C001',
};

type RequestLine = { req: { id: string; method: string; path: string }; res: { statusCode: number } };

for (const target of testDatabaseTargets()) {
  describe(`request ids on ${target.name}`, () => {
    // Clients connect directly (TRUST_PROXY=0), with its request log captured; and behind a proxy.
    let direct: TestApp;
    let proxied: TestApp;
    const output: string[] = [];
    let stdout: { mockRestore(): void };

    beforeAll(async () => {
      // pino writes to process.stdout itself, rather than to file descriptor 1, once its `write` is replaced.
      stdout = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: unknown) => {
        output.push(String(chunk));
        return true;
      });
      direct = await startTestApp(target, { LOG_LEVEL: 'info' });
      proxied = await startTestApp(target, { TRUST_PROXY: '1' });
    });
    afterAll(async () => {
      await direct?.close();
      await proxied?.close();
      stdout.mockRestore();
    });

    /** The request log's lines for `id`, once the request logger has written `count` of them. */
    async function logged(id: string, count = 1): Promise<RequestLine[]> {
      const lines = () =>
        output
          .flatMap((chunk) => chunk.split('\n'))
          .filter((line) => line.startsWith('{'))
          .map((line) => JSON.parse(line) as Partial<RequestLine> & { msg?: string })
          .filter(
            (line): line is RequestLine & { msg: string } => line.msg === 'request completed' && line.req?.id === id,
          );
      await until(async () => lines().length >= count);
      return lines();
    }

    const sessionOf = async (t: TestApp) => (await t.call('POST', '/api/session')).body.sessionToken as string;

    /** Submits a confession; its answer's X-Request-Id and the correlation ids of the events stored for it. */
    async function submit(t: TestApp, headers: Record<string, string> = {}, token?: string) {
      const answer = await t.call('POST', '/api/confessions', {
        token: token ?? (await sessionOf(t)),
        body: confession,
        headers,
      });
      expect(answer.status).toBe(201);
      const requestId = answer.headers.get('x-request-id')!;
      const stored = await t.storage.store.readStream(streams.confession(answer.body.id));
      const correlationIds = stored.map((event) => (event.metadata as { correlationId?: string }).correlationId);
      return { requestId, correlationIds, answer };
    }

    it("gives each request an id of its own: its answer's X-Request-Id, its events' correlationId and its log line's", async () => {
      const sent = randomUUID();
      const { requestId, correlationIds } = await submit(direct, { 'x-request-id': sent });
      expect(isUuid(requestId)).toBe(true);
      // A client that connects directly does not choose it.
      expect(requestId).not.toBe(sent);
      expect(correlationIds).toEqual([requestId]);
      const [line, ...more] = await logged(requestId);
      expect(more).toEqual([]);
      expect(line).toMatchObject({
        req: { id: requestId, method: 'POST', path: '/api/confessions' },
        res: { statusCode: 201 },
      });
      expect(output.join('')).not.toContain(sent);
      const other = await submit(direct);
      expect(other.requestId).not.toBe(requestId);
    });

    it('gives every retry of a write with an Idempotency-Key the id of the request it repeats', async () => {
      const token = await sessionOf(direct);
      const key = { 'idempotency-key': randomUUID() };
      const first = await submit(direct, key, token);
      const retry = await submit(direct, key, token);
      expect(retry.answer.body).toEqual(first.answer.body);
      expect(retry.requestId).toBe(first.requestId);
      expect(isUuid(first.requestId)).toBe(true);
      expect(retry.correlationIds).toEqual([first.requestId]);
      const lines = await logged(first.requestId, 2);
      expect(lines.map(({ req }) => req.path)).toEqual(['/api/confessions', '/api/confessions']);
      // The same key from another visitor is another request.
      const elsewhere = await submit(direct, key);
      expect(elsewhere.requestId).not.toBe(first.requestId);
      expect(elsewhere.correlationIds).toEqual([elsewhere.requestId]);
    });

    it('gives answers from the feed cache the id of the request they answer', async () => {
      const first = await direct.call('GET', '/api/confessions');
      const second = await direct.call('GET', '/api/confessions');
      expect(second.body).toEqual(first.body);
      const ids = [first.headers.get('x-request-id')!, second.headers.get('x-request-id')!];
      expect(ids.every(isUuid)).toBe(true);
      expect(ids[1]).not.toBe(ids[0]);
      for (const id of ids)
        expect(await logged(id)).toMatchObject([{ req: { method: 'GET', path: '/api/confessions' } }]);
    });

    it("takes a trusted proxy's X-Request-Id (a UUID, or nginx's 32 hex digits) in the UUID form", async () => {
      const fromNginx = randomUUID().replaceAll('-', '').toUpperCase();
      const normalized = fromNginx.toLowerCase().replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');
      const { requestId, correlationIds } = await submit(proxied, { 'x-request-id': fromNginx });
      expect(requestId).toBe(normalized);
      expect(correlationIds).toEqual([normalized]);
      const sent = randomUUID();
      expect((await submit(proxied, { 'x-request-id': sent })).requestId).toBe(sent);
      // Anything else is not used at all.
      const garbage = await submit(proxied, { 'x-request-id': '{"forged":true}' });
      expect(isUuid(garbage.requestId)).toBe(true);
      expect(garbage.correlationIds).toEqual([garbage.requestId]);
    });
  });
}
