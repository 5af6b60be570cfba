import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import fastify from 'fastify';
import { pino } from 'pino';
import { requestLogger } from './logging.js';

/** A Fastify server behind the request logger, and the JSON lines the logger wrote. */
async function served(level: string, requests: (baseUrl: string) => Promise<void>): Promise<Record<string, unknown>[]> {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).trim().split('\n'));
      done();
    },
  });
  const server = fastify({ genReqId: () => 'e3b0c442-98fc-4c14-9afb-f4c8996fb924' });
  server.addHook('onResponse', requestLogger(pino({ level }, sink)));
  server.get('/api/things', async () => []);
  server.get('/health', async () => ({ ok: true }));
  await server.listen({ port: 0, host: '127.0.0.1' });
  try {
    await requests(`http://127.0.0.1:${(server.server.address() as AddressInfo).port}`);
  } finally {
    await server.close();
  }
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('request logging', () => {
  it("writes one JSON line per answered request, by the request's id, with no token, query or address", async () => {
    const logged = await served('info', async (baseUrl) => {
      await fetch(`${baseUrl}/api/things?q=secret`, {
        headers: { 'x-session-token': 'tok', 'x-request-id': 'forged' },
      });
      await fetch(`${baseUrl}/health`);
    });
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      msg: 'request completed',
      req: { id: 'e3b0c442-98fc-4c14-9afb-f4c8996fb924', method: 'GET', path: '/api/things' },
      res: { statusCode: 200 },
    });
    expect(JSON.stringify(logged[0])).not.toMatch(/tok|secret|forged|127\.0\.0\.1/);
  });

  it('does nothing per request below the info level', async () => {
    const logged = await served('warn', async (baseUrl) => {
      await fetch(`${baseUrl}/api/things`);
    });
    expect(logged).toEqual([]);
  });
});
