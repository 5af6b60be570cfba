import { readAfterHeader, writePositionHeader, writePositionPattern } from '@secretchatbox/contracts';
import { formatPosition, parsePosition, type Position } from '@secretchatbox/event-store';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ReadModelChanges } from '../../infrastructure/read-model-changes.js';
import type { OriginatingRequest } from './idempotency.js';

/**
 * Tells the client where its request's write sits in the log (`writePositionHeader`), for it to
 * send back with its next reads (docs/api.md): an `onSend` hook.
 */
export function answerWritePosition(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: null, payload: unknown) => void,
): void {
  const position = (request as OriginatingRequest).commandOrigin?.writePosition;
  if (position) void reply.header(writePositionHeader, formatPosition(position));
  done(null, payload);
}

/**
 * Catches the read models up with the write the client names (`readAfterHeader`) before anything
 * answers the request: an `onRequest` hook, ahead of the feed's own. A position this server cannot
 * read is taken as one it has not reached: the request waits for a read of the checkpoints.
 */
export function readAfterWrites(changes: ReadModelChanges) {
  // A callback, not an async function: most requests carry no position and should cost no promise.
  return (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void => {
    const readAfter = request.headers[readAfterHeader];
    if (readAfter === undefined) return done();
    changes.catchUp(positionOrNull(readAfter)).then(() => done(), done);
  };
}

function positionOrNull(text: string | string[]): Position | null {
  return typeof text === 'string' && writePositionPattern.test(text) ? parsePosition(text) : null;
}
