import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastify, { type FastifyInstance } from 'fastify';
import { compressWholeAnswers } from './whole-answer-compression.js';

const big = { items: Array.from({ length: 40 }, (_, i) => ({ id: i, content: `confession number ${i} `.repeat(4) })) };

describe('compressWholeAnswers', () => {
  let server: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    server = fastify();
    server.addHook('onSend', compressWholeAnswers);
    await server.register(fastifyCompress);
    server.get('/big', async () => big);
    server.get('/small', async () => ({ ok: true }));
    server.get('/streamed', (_request, reply) => {
      const lines = Array.from({ length: 20 }, (_, i) => `line ${i} of a streamed answer\n`.repeat(10));
      return reply.type('text/plain').send(Readable.from(lines));
    });
    await server.listen({ port: 0, host: '127.0.0.1' });
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => server.close());

  /** The raw answer, undecoded, as it came over the wire. */
  const get = (path: string, acceptEncoding?: string) =>
    new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
      httpRequest({ host: '127.0.0.1', port, path, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      })
        .on('error', reject)
        .end();
    });

  it('sends a whole JSON answer compressed with brotli when taken, with its length instead of chunks', async () => {
    const { headers, body } = await get('/big', 'gzip, deflate, br, zstd');
    expect(headers['content-encoding']).toBe('br');
    expect(headers['transfer-encoding']).toBeUndefined();
    expect(Number(headers['content-length'])).toBe(body.length);
    expect(headers.vary).toContain('Accept-Encoding');
    expect(JSON.parse(brotliDecompressSync(body).toString())).toEqual(big);
  });

  it('uses gzip for a client that takes only gzip, and nothing for one that asks for none', async () => {
    const gzip = await get('/big', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.body).toString())).toEqual(big);
    const plain = await get('/big');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString())).toEqual(big);
    const refused = await get('/big', 'br;q=0, identity');
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('leaves small answers as they are', async () => {
    const { headers, body } = await get('/small', 'br');
    expect(headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(body.toString())).toEqual({ ok: true });
  });

  it('leaves answers sent as streams to the streaming compression', async () => {
    const { headers, body } = await get('/streamed', 'gzip');
    expect(headers['content-encoding']).toBe('gzip');
    expect(headers['transfer-encoding']).toBe('chunked');
    expect(gunzipSync(body).toString()).toContain('line 19 of a streamed answer');
  });
});
