import { type CanActivate, createParamDecorator, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { idempotencyHeader, messages } from '@secretchatbox/contracts';
import type { IdentifiedRequest } from '../../identity/identity.js';
import type { Clock } from '../../infrastructure/clock.js';
import { CLOCK } from '../../infrastructure/tokens.js';
import { NetworkKey } from '../../rate-limiting/network-key.js';
import { badRequest } from '../errors.js';
import { requestPath } from './request-path.js';
import { isUuid } from '../ids.js';

/**
 * A write's Idempotency-Key scoped to its caller and its route, so that the same key sent by
 * someone else, or to another route, is another request; null without one.
 */
export type IdempotencyScope = string | null;

type ScopedRequest = IdentifiedRequest & { idempotencyScope?: IdempotencyScope };

/** The current write's idempotency scope, for its command. */
export const Idempotency = createParamDecorator(
  (_: unknown, context: ExecutionContext): IdempotencyScope =>
    context.switchToHttp().getRequest<ScopedRequest>().idempotencyScope ?? null,
);

/**
 * Reads the Idempotency-Key of writes once the identity guard knows the caller, refuses one that
 * is not a UUID, and keeps its scope on the request. Anonymous callers (starting a session,
 * signing in) are told apart by network. The scope travels to the command explicitly, not in an
 * async context: on Node 20 that would slow every promise of the process. A guard, not an
 * interceptor: an interceptor wraps every request of the application in an observable, which
 * cost the server more CPU than anything this does.
 */
@Injectable()
export class IdempotencyGuard implements CanActivate {
  constructor(
    private readonly networkKey: NetworkKey,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<ScopedRequest>();
    const key = request.method === 'GET' ? undefined : request.headers[idempotencyHeader];
    if (key === undefined) return true;
    if (typeof key !== 'string' || !isUuid(key)) throw badRequest(messages.idempotencyKeyInvalid);
    const caller = request.admin
      ? `admin:${request.admin.user.id}`
      : request.visitor
        ? `visitor:${request.visitor.sessionId}`
        : `network:${this.networkKey.of(request.ip, this.clock.now())}`;
    request.idempotencyScope = `${caller}|${request.method} ${requestPath(request)}|${key.toLowerCase()}`;
    return true;
  }
}
