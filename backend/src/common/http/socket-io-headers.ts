import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { requestIdHeader } from './request-ids.js';
import type { SecurityHeaders } from './security-headers.js';

/** Where socket.io answers HTTP: its default path, which the gateway keeps. */
const socketIoPath = '/socket.io/';

/**
 * socket.io answers its HTTP requests itself (the polling transport's handshakes, polls and posts,
 * and its refusals), from the HTTP server's `request` event, before Fastify sees them: Fastify's
 * hook gives those answers nothing. This listener, put before every other, gives them the same
 * headers and a request id; whatever socket.io writes then goes with them. Call it once socket.io
 * has attached, which takes the listeners found then behind its own.
 */
export function giveSocketIoAnswersHeaders(
  server: Server,
  headers: SecurityHeaders,
  requestIdOf: (request: IncomingMessage) => string,
): void {
  server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => {
    if (!request.url?.startsWith(socketIoPath)) return;
    for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
    response.setHeader(requestIdHeader, requestIdOf(request));
  });
}
