import http from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

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
