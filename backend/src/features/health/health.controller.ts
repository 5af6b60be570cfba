import { Controller, Get, HttpCode, Inject, Res } from '@nestjs/common';
import type { HealthReport } from '@secretchatbox/contracts';
import type { Database } from '@secretchatbox/database';
import type { EventStore } from '@secretchatbox/event-store';
import { allProjections, measureLag } from '@secretchatbox/projections';
import type { FastifyReply } from 'fastify';
import type { AppConfig } from '../../config/app-config.js';
import type { Clock } from '../../infrastructure/clock.js';
import { Draining } from '../../infrastructure/draining.js';
import type { Redis } from '../../infrastructure/redis.js';
import { APP_CONFIG, CLOCK, DATABASE, EVENT_STORE, REDIS } from '../../infrastructure/tokens.js';

type Check = { ok: boolean; error?: string };
const checked = (work: Promise<unknown>): Promise<Check> =>
  work.then(
    () => ({ ok: true }),
    (error: Error) => ({ ok: false, error: error.message }),
  );

/**
 * Liveness (the process answers) and readiness (the event store answers, projections keep up,
 * and in Redis mode Redis answers: without it pushes and presence stop at this instance; and the
 * instance is not draining, so that a load balancer sends it nothing new).
 */
@Controller('health')
export class HealthController {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis | null,
    private readonly draining: Draining,
  ) {}

  @Get()
  @HttpCode(200)
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('ready')
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthReport> {
    const [eventStore, projections, redis] = await Promise.all([
      checked(this.store.ping()),
      this.projections(),
      this.redis ? checked(this.redis.check()) : undefined,
    ]);
    const checks = { eventStore, projections, ...(redis && { redis }) };
    // Asked again at the end, since the checks take a moment and a drain may begin meanwhile.
    if (this.draining.isDraining) return this.answer(reply, 'draining', checks);
    const ok = eventStore.ok && projections.ok && (redis?.ok ?? true);
    return this.answer(reply, ok ? 'ok' : 'unavailable', checks);
  }

  private answer(reply: FastifyReply, status: HealthReport['status'], checks: HealthReport['checks']): HealthReport {
    void reply.code(status === 'ok' ? 200 : 503);
    return { status, checks };
  }

  private async projections(): Promise<HealthReport['checks']['projections']> {
    try {
      const lags = await measureLag(this.db, this.store, allProjections, this.clock.now());
      const maxLagMs = Math.max(0, ...lags.map((lag) => lag.lagMs));
      return {
        ok: maxLagMs <= this.config.READY_MAX_LAG_MS,
        maxLagMs,
        lagMs: Object.fromEntries(lags.map((lag) => [lag.name, lag.lagMs])),
      };
    } catch (error) {
      return { ok: false, lagMs: {}, error: (error as Error).message };
    }
  }
}
