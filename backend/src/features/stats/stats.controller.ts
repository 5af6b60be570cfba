import { Controller, Inject } from '@nestjs/common';
import { endpoints, type PlatformStats } from '@secretchatbox/contracts';
import type { Database } from '@secretchatbox/database';
import { platformStats } from '@secretchatbox/projections';
import { Route } from '../../common/http/route.js';
import type { AppConfig } from '../../config/app-config.js';
import type { Clock } from '../../infrastructure/clock.js';
import { APP_CONFIG, CLOCK, DATABASE } from '../../infrastructure/tokens.js';
import { quotaDayStart } from '../../common/quota-day.js';

const day = 24 * 3600 * 1000;

@Controller()
export class StatsController {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Route(endpoints.getStats)
  get(): Promise<PlatformStats> {
    const now = this.clock.now();
    return platformStats(this.db, quotaDayStart(now, this.config.QUOTA_TIMEZONE), new Date(now.getTime() - day));
  }
}
