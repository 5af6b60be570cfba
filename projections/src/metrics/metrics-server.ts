import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { messages } from '@secretchatbox/contracts';
import type { Registry } from 'prom-client';
import { bearerTokenMatches } from './metrics-token.js';

/**
 * The worker's only HTTP: `GET /metrics` for Prometheus (with `Authorization: Bearer <token>`
 * when a token is set) and `GET /health`, which answers while the process runs, for a
 * container's health check.
 */
export function createMetricsServer(registry: Registry, token: string | undefined): Server {
  return createServer((request, response) => void answer(request, response, registry, token));
}

/** Listens on `port` (0: any free one) and `host`; the address it got. */
export async function listenForScrapes(server: Server, port: number, host: string): Promise<AddressInfo> {
  server.listen(port, host);
  await once(server, 'listening');
  return server.address() as AddressInfo;
}

/** Stops listening and ends the connections a scraper keeps open. */
export async function closeMetricsServer(server: Server): Promise<void> {
  const closed = once(server, 'close');
  server.close();
  server.closeAllConnections();
  await closed;
}

async function answer(
  request: IncomingMessage,
  response: ServerResponse,
  registry: Registry,
  token: string | undefined,
): Promise<void> {
  const path = (request.url ?? '/').split('?', 1)[0];
  if (request.method !== 'GET' || (path !== '/metrics' && path !== '/health')) {
    return send(response, 404, 'text/plain; charset=utf-8', 'Not Found');
  }
  if (path === '/health') return send(response, 200, 'application/json; charset=utf-8', '{"status":"ok"}');
  if (token !== undefined && !bearerTokenMatches(request.headers.authorization, token)) {
    response.setHeader('WWW-Authenticate', 'Bearer');
    return send(response, 401, 'text/plain; charset=utf-8', messages.metricsTokenRequired);
  }
  try {
    send(response, 200, registry.contentType, await registry.metrics());
  } catch {
    send(response, 500, 'text/plain; charset=utf-8', 'The metrics could not be collected');
  }
}

function send(response: ServerResponse, status: number, contentType: string, body: string): void {
  response.writeHead(status, { 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(body) });
  response.end(body);
}
