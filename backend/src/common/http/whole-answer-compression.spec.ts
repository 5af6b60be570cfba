import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { once } from 'node:events';
import { request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import compression from 'compression';
import express from 'express';
import { compressWholeAnswers } from './whole-answer-compression.js';

const big = { items: Array.from({ length: 40 }, (_, i) => ({ id: i, content: `confession number ${i} `.repeat(4) })) };

describe('compressWholeAnswers', () => {
  let server: Server;
  let port: number;

  beforeAll(async () => {
    const app = express();
    app.use(compression());
    app.use(compressWholeAnswers);
    app.get('/big', (_request, response) => response.json(big));
    app.get('/small', (_request, response) => response.json({ ok: true }));
    app.get('/streamed', (_request, response) => {
      response.type('text/plain');
      for (let i = 0; i < 20; i++) response.write(`line ${i} of a streamed answer\n`.repeat(10));
      response.end();
    });
    server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

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

  it('leaves answers written piece by piece to the streaming middleware', async () => {
    const { headers, body } = await get('/streamed', 'gzip');
    expect(headers['content-encoding']).toBe('gzip');
    expect(headers['transfer-encoding']).toBe('chunked');
    expect(gunzipSync(body).toString()).toContain('line 19 of a streamed answer');
  });
});
