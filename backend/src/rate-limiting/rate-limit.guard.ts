import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { messages } from '@secretchatbox/contracts';
import type { FastifyRequest } from 'fastify';
import { rateLimited } from '../common/errors.js';
import { contractOf } from '../common/http/route.js';
import type { Clock } from '../infrastructure/clock.js';
import { Metrics } from '../infrastructure/metrics.js';
import { CLOCK } from '../infrastructure/tokens.js';
import { NetworkKey } from './network-key.js';
import { RATE_LIMIT_STORE } from './rate-limiting.tokens.js';
import type { RateLimitStore } from './rate-limit-store.js';

/** Applies each endpoint contract's per-network rate limit before the handler runs. */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    @Inject(RATE_LIMIT_STORE) private readonly store: RateLimitStore,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly networkKey: NetworkKey,
    private readonly metrics: Metrics,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const rule = contractOf(context, false)?.rateLimit;
    if (!rule) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const now = this.clock.now();
    const { count, resetInSeconds } = await this.store.hit(rule, this.networkKey.of(request.ip, now), now);
    if (count > rule.limit) {
      this.metrics.rateLimitRefused(rule.bucket);
      throw rateLimited(messages.tooManyRequests, resetInSeconds);
    }
    return true;
  }
}
