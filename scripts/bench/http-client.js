import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { idempotencyHeader } from '@secretchatbox/contracts';

// What a browser offers; the server then compresses as it would for one.
const acceptEncoding = 'gzip, deflate, br';
const decoders = { gzip: gunzipSync, deflate: inflateSync, br: brotliDecompressSync };

/**
 * A keep-alive HTTP/1.1 client whose connections all leave from `localAddress`: on loopback any
 * 127.x.y.z is the machine itself, so each address stands for one network of callers.
 */
export function httpClient(baseUrl, { localAddress = '127.0.0.1', connections = Infinity } = {}) {
  const { hostname, port } = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections, localAddress });
  return {
    /** Resolves with the status, headers and raw (possibly compressed) body. */
    request(method, path, { body, token } = {}) {
      const headers = { 'accept-encoding': acceptEncoding };
      if (token) headers['x-session-token'] = token;
      // Every write carries a key of its own, as the frontend's writes do.
      if (method !== 'GET') headers[idempotencyHeader] = randomUUID();
      const payload = body === undefined ? undefined : JSON.stringify(body);
      if (payload !== undefined) headers['content-type'] = 'application/json';
      return new Promise((resolve, reject) => {
        const request = http.request({ hostname, port, method, path, agent, headers }, (response) => {
          const chunks = [];
          response.on('data', (chunk) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () =>
            resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }),
          );
        });
        request.on('error', reject);
        request.end(payload);
      });
    },
    close() {
      agent.destroy();
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
