import { Controller, Inject } from '@nestjs/common';
import { endpoints, messages, type PlatformStats, type StatsQuery } from '@secretchatbox/contracts';
import type { Database } from '@secretchatbox/database';
import { platformStats } from '@secretchatbox/projections';
import { badRequest } from '../../common/errors.js';
import { Route, ValidQuery } from '../../common/http/route.js';
import { KnownColleges } from '../../common/known-colleges.js';
import type { AppConfig } from '../../config/app-config.js';
import type { Clock } from '../../infrastructure/clock.js';
import { APP_CONFIG, CLOCK, DATABASE } from '../../infrastructure/tokens.js';
import { dayBefore, quotaDayStart } from '../../common/quota-day.js';

@Controller()
export class StatsController {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly colleges: KnownColleges,
  ) {}

  @Route(endpoints.getStats)
  async get(@ValidQuery() { collegeCode }: StatsQuery): Promise<PlatformStats> {
    if (collegeCode && !(await this.colleges.exists(collegeCode))) throw badRequest(messages.unknownCollege);
    const now = this.clock.now();
    const since = {
      dayStart: quotaDayStart(now, this.config.QUOTA_TIMEZONE),
      activeSince: dayBefore(now),
    };
    return platformStats(this.db, since, collegeCode ?? null);
  }
}
