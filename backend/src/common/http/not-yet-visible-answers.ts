import { type AcceptedBody, messages } from '@secretchatbox/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SavedNotYetVisible } from '../event-sourcing/write-answers.js';

/**
 * The one place where a write that is stored but not yet readable (`SavedNotYetVisible`, which a
 * handler returns in place of its answer) becomes an HTTP answer: 202 with what is known of the
 * write and its position in the log (docs/api.md). A Fastify `preSerialization` hook rather than
 * a Nest interceptor: Nest sets the route's own status after its interceptors have run, and an
 * interceptor would wrap every request of the application in an observable.
 */
export function notYetVisibleAs202(
  _request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: null, payload: unknown) => void,
): void {
  if (!(payload instanceof SavedNotYetVisible)) return done(null, payload);
  void reply.code(202);
  done(null, acceptedBody(payload));
}

function acceptedBody({ known, position }: SavedNotYetVisible): AcceptedBody {
  return { ...known, statusCode: 202, message: messages.savedNotYetVisible, position };
}
