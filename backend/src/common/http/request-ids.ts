import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { isUuid } from '../ids.js';

/** The header that brings a proxy's request id in, and takes the request's id back to the client. */
export const requestIdHeader = 'x-request-id';

const hexForm = /^[0-9a-f]{32}$/i;

/**
 * A proxy's request id in the lower-case UUID form (8-4-4-4-12) when it is a UUID or 32 hex digits
 * (nginx's `$request_id`); null for anything else, which is then not used at all.
 */
export function normalizedRequestId(value: string): string | null {
  if (value.length === 36 && isUuid(value)) return value.toLowerCase();
  if (value.length !== 32 || !hexForm.test(value)) return null;
  const hex = value.toLowerCase();
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Fastify's `genReqId`: every request's id, given once as it starts. Behind a trusted proxy
 * (`trustProxy` > 0), the proxy's `X-Request-Id` when it is a UUID or 32 hex digits, so that the
 * proxy's log and this server's name the same request; otherwise, and always when clients connect
 * directly (whose header anyone could choose), a random UUID. A write with an Idempotency-Key gets
 * another id once its scope is known (`IdempotencyGuard`).
 */
export function requestIdOf(trustProxy: number): (request: IncomingMessage) => string {
  if (trustProxy <= 0) return () => randomUUID();
  return (request) => {
    const header = request.headers[requestIdHeader];
    return (typeof header === 'string' && normalizedRequestId(header)) || randomUUID();
  };
}
