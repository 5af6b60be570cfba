import { type CanActivate, createParamDecorator, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { idempotencyHeader, messages } from '@secretchatbox/contracts';
import type { FastifyReply } from 'fastify';
import type { IdentifiedRequest } from '../../identity/identity.js';
import type { Clock } from '../../infrastructure/clock.js';
import { CLOCK } from '../../infrastructure/tokens.js';
import { NetworkKey } from '../../rate-limiting/network-key.js';
import { CommandOrigin } from '../event-sourcing/command-origin.js';
import { badRequest } from '../errors.js';
import { requestIdHeader } from './request-ids.js';
import { requestPath } from './request-path.js';
import { isUuid } from '../ids.js';

export type OriginatingRequest = IdentifiedRequest & { commandOrigin?: CommandOrigin };

/**
 * The current request as the origin of its command: its id, and the Idempotency-Key scope of a
 * write that has one (set by the guard below). Kept on the request, where the answer finds the
 * position of what the command wrote (`answerWritePosition`).
 */
export const Origin = createParamDecorator((_: unknown, context: ExecutionContext): CommandOrigin => {
  const request = context.switchToHttp().getRequest<OriginatingRequest>();
  return (request.commandOrigin ??= CommandOrigin.ofRequest(request.id));
});

/**
 * Reads the Idempotency-Key of writes once the identity guard knows the caller, refuses one that
 * is not a UUID, and keeps its scope on the request. Anonymous callers (starting a session,
 * signing in) are told apart by network. The request's id becomes the one derived from the scope
 * (`CommandOrigin.ofIdempotentWrite`), in its log line and its `X-Request-Id` answer header too, so
 * that a retry carries the id of the request it repeats, which its events were stored under. The
 * scope travels to the command explicitly (`@Origin()`), not in an async context: on Node 20 that
 * would slow every promise of the process. A guard, not an interceptor: an interceptor wraps every
 * request of the application in an observable, which cost the server more CPU than anything this
 * does.
 */
@Injectable()
export class IdempotencyGuard implements CanActivate {
  constructor(
    private readonly networkKey: NetworkKey,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const http = context.switchToHttp();
    const request = http.getRequest<OriginatingRequest>();
    const key = request.method === 'GET' ? undefined : request.headers[idempotencyHeader];
    if (key === undefined) return true;
    if (typeof key !== 'string' || !isUuid(key)) throw badRequest(messages.idempotencyKeyInvalid);
    const caller = request.admin
      ? `admin:${request.admin.user.id}`
      : request.visitor
        ? `visitor:${request.visitor.sessionId}`
        : `network:${this.networkKey.of(request.ip, this.clock.now())}`;
    const origin = CommandOrigin.ofIdempotentWrite(
      `${caller}|${request.method} ${requestPath(request)}|${key.toLowerCase()}`,
    );
    request.commandOrigin = origin;
    request.id = origin.requestId;
    http.getResponse<FastifyReply>().header(requestIdHeader, origin.requestId);
    return true;
  }
}
