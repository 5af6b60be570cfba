import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { idempotencyHeader, readAfterHeader } from '@secretchatbox/contracts';
import { readResponse } from './http-responses.js';

// What a browser offers; the server then compresses as it would for one.
const acceptEncoding = 'gzip, deflate, br';
const decoders = { gzip: gunzipSync, deflate: inflateSync, br: brotliDecompressSync };

/**
 * A keep-alive HTTP/1.1 client whose connections all leave from `localAddress`: on loopback any
 * 127.x.y.z is the machine itself, so each address stands for one network of callers. Each
 * request is written in one piece on a connection of its own, as load generators such as
 * autocannon do, so that the machine's CPU goes to the server rather than to the client (Node's
 * own HTTP client costs about as much per request as the server's whole answer to a like).
 */
export function httpClient(baseUrl, { localAddress = '127.0.0.1', connections = Infinity } = {}) {
  const { hostname, port } = new URL(baseUrl);
  const host = `host: ${hostname}:${port}\r\naccept-encoding: ${acceptEncoding}\r\n`;
  const all = new Set();
  const idle = [];
  const waiting = [];
  let closed = false;

  const connect = () => {
    const socket = net.connect({ host: hostname, port: Number(port), localAddress, noDelay: true });
    const connection = { socket, current: null };
    all.add(connection);
    const done = (error, response) => {
      const { current } = connection;
      connection.current = null;
      if (error) current?.reject(error);
      else current?.resolve(response);
    };
    const responses = readResponse((response) => {
      const keepAlive = response.headers.connection !== 'close';
      done(null, response);
      if (keepAlive) release(connection);
      else socket.destroy();
    });
    socket.on('data', (chunk) => {
      try {
        responses(chunk);
      } catch (error) {
        socket.destroy(error);
      }
    });
    socket.on('error', (error) => done(error));
    socket.on('close', () => {
      all.delete(connection);
      done(Object.assign(new Error('The server closed the connection'), { code: 'ECONNRESET' }));
      const index = idle.indexOf(connection);
      if (index >= 0) idle.splice(index, 1);
      if (!closed && waiting.length > 0 && all.size < connections) connect();
    });
    release(connection);
  };

  const release = (connection) => {
    const next = waiting.shift();
    if (!next) {
      idle.push(connection);
      return;
    }
    connection.current = next;
    connection.socket.write(next.message);
  };

  return {
    /**
     * Resolves with the status, headers (lower-case names) and raw (possibly compressed) body.
     * `readAfter`: the position of a write the answer must show, as the frontend names its last one.
     */
    request(method, path, { body, token, readAfter } = {}) {
      let head = `${method} ${path} HTTP/1.1\r\n${host}`;
      if (token) head += `x-session-token: ${token}\r\n`;
      if (readAfter) head += `${readAfterHeader}: ${readAfter}\r\n`;
      // Every write carries a key of its own, as the frontend's writes do.
      if (method !== 'GET') head += `${idempotencyHeader}: ${randomUUID()}\r\n`;
      const payload = body === undefined ? '' : JSON.stringify(body);
      if (body !== undefined) head += `content-type: application/json\r\n`;
      if (method !== 'GET') head += `content-length: ${Buffer.byteLength(payload)}\r\n`;
      const message = `${head}\r\n${payload}`;
      return new Promise((resolve, reject) => {
        if (closed) throw new Error('The client is closed');
        waiting.push({ message, resolve, reject });
        const connection = idle.pop();
        if (connection) release(connection);
        else if (all.size < connections) connect();
      });
    },
    close() {
      closed = true;
      for (const { socket } of all) socket.destroy();
    },
  };
}

/** The parsed JSON body of a response, decompressed first when it came compressed. */
export function jsonBody({ headers, body }) {
  const decode = decoders[headers['content-encoding']];
  return JSON.parse((decode ? decode(body) : body).toString('utf8'));
}

/** The answer, or `{ status: 0, error }` when the request got none (connection refused, reset…). */
export async function send(client, method, path, options) {
  try {
    return await client.request(method, path, options);
  } catch (error) {
    return { status: 0, error: error.code ?? error.message };
  }
}

/** How a report names an unexpected answer: 'HTTP 503', or the error of a request that got none. */
export const failureKind = (response) => (response.status === 0 ? response.error : `HTTP ${response.status}`);

/** Whether a write may have been stored although it did not succeed: no answer, or a server error. */
export const mayHaveWritten = (response) => response.status === 0 || response.status >= 500;
