import { Controller, Get, HttpCode, Inject, Res } from '@nestjs/common';
import type { HealthReport } from '@secretchatbox/contracts';
import type { Database } from '@secretchatbox/database';
import type { EventStore } from '@secretchatbox/event-store';
import { allProjections, measureLag } from '@secretchatbox/projections';
import type { FastifyReply } from 'fastify';
import type { AppConfig } from '../../config/app-config.js';
import type { Clock } from '../../infrastructure/clock.js';
import { APP_CONFIG, CLOCK, DATABASE, EVENT_STORE } from '../../infrastructure/tokens.js';

/** Liveness (the process answers) and readiness (the event store answers, projections keep up). */
@Controller('health')
export class HealthController {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @HttpCode(200)
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('ready')
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthReport> {
    const eventStore = await this.store.ping().then(
      () => ({ ok: true }),
      (error: Error) => ({ ok: false, error: error.message }),
    );
    const projections = await this.projections();
    const ok = eventStore.ok && projections.ok;
    void reply.code(ok ? 200 : 503);
    return { status: ok ? 'ok' : 'unavailable', checks: { eventStore, projections } };
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
