import { Controller, Get, HttpCode, Inject, Res } from '@nestjs/common';
import type { HealthReport } from '@secretchatbox/contracts';
import type { Database } from '@secretchatbox/database';
import type { EventStore } from '@secretchatbox/event-store';
import { allProjections, measureLag } from '@secretchatbox/projections';
import type { FastifyReply } from 'fastify';
import type { AppConfig } from '../../config/app-config.js';
import type { Clock } from '../../infrastructure/clock.js';
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
 * and in Redis mode Redis answers: without it pushes and presence stop at this instance).
 */
@Controller('health')
export class HealthController {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis | null,
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
    const ok = eventStore.ok && projections.ok && (redis?.ok ?? true);
    void reply.code(ok ? 200 : 503);
    return { status: ok ? 'ok' : 'unavailable', checks: { eventStore, projections, ...(redis && { redis }) } };
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
