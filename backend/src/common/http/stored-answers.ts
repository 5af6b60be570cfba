import type { FastifyReply, FastifyRequest } from 'fastify';
import { securityHeaderNames } from './security-headers.js';
import { encodeWholeAnswer } from './whole-answer-compression.js';

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

/**
 * Where a read of a public page is answered from a cache of whole answers: its URL and the
 * encodings its client takes, which the answer's compression depends on.
 */
export const readAddress = (request: FastifyRequest): string =>
  `${request.url}\n${request.headers['accept-encoding'] ?? ''}`;

/**
 * `value` as a JSON answer, serialized and compressed as the client takes it: what `replayAnswer`
 * sends, now and again for as long as the caller keeps it.
 */
export function jsonAnswer(request: FastifyRequest, reply: FastifyReply, value: unknown): StoredAnswer {
  reply.header('Content-Type', 'application/json; charset=utf-8');
  return storedAnswer(reply, encodeWholeAnswer(request, reply, Buffer.from(JSON.stringify(value))));
}

/** Sends a stored answer as a 200, as it was first sent. */
export function replayAnswer(reply: FastifyReply, stored: StoredAnswer): FastifyReply {
  return reply.code(200).headers(stored.headers).send(stored.body);
}
