import type { FastifyReply } from 'fastify';
import { securityHeaderNames } from './security-headers.js';

/** An answer as it was sent: its headers (those not set on every answer) and its body, compressed or not. */
export type StoredAnswer = Readonly<{ headers: Record<string, string | string[] | number>; body: Uint8Array }>;

// Set on every answer by Node, or when the answer is sent again.
const perAnswerHeaders = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date']);

/** `body` with the headers `reply` carries, to be sent again by `replayAnswer`. */
export function storedAnswer(reply: FastifyReply, body: Uint8Array): StoredAnswer {
  const headers = Object.fromEntries(
    Object.entries(reply.getHeaders()).filter(
      (entry): entry is [string, string | string[] | number] =>
        entry[1] !== undefined && !perAnswerHeaders.has(entry[0]) && !securityHeaderNames.has(entry[0]),
    ),
  );
  return { headers, body };
}

/** Sends a stored answer as a 200, as it was first sent. */
export function replayAnswer(reply: FastifyReply, stored: StoredAnswer): FastifyReply {
  return reply.code(200).headers(stored.headers).send(stored.body);
}
