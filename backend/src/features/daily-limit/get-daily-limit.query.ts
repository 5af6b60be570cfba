import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { type Allowance, type DailyLimit, limits } from '@secretchatbox/contracts';
import type { Database } from '@secretchatbox/database';
import { findDailyUsage } from '@secretchatbox/projections';
import type { AppConfig } from '../../config/app-config.js';
import type { Clock } from '../../infrastructure/clock.js';
import { APP_CONFIG, CLOCK, DATABASE } from '../../infrastructure/tokens.js';
import { nextQuotaDayStart, quotaDay } from '../../common/quota-day.js';

/** A visitor without a session has used nothing yet. */
export class GetDailyLimitQuery extends Query<DailyLimit> {
  constructor(readonly sessionId: string | null) {
    super();
  }
}

const allowance = (limit: number, used: number): Allowance => ({ remaining: Math.max(0, limit - used), used, limit });

@QueryHandler(GetDailyLimitQuery)
export class GetDailyLimitHandler implements IQueryHandler<GetDailyLimitQuery> {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ sessionId }: GetDailyLimitQuery): Promise<DailyLimit> {
    const now = this.clock.now();
    const zone = this.config.QUOTA_TIMEZONE;
    const usage = sessionId
      ? await findDailyUsage(this.db, sessionId, quotaDay(now, zone))
      : { confessions: 0, chatMessages: 0 };
    return {
      ...allowance(limits.dailyConfessions, usage.confessions),
      resetsAt: nextQuotaDayStart(now, zone).toISOString(),
      chat: allowance(limits.dailyChatMessages, usage.chatMessages),
    };
  }
}
