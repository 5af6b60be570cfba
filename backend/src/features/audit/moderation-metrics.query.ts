import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { type AuditMetrics, type AuditMetricsQuery, type AuthUser, limits } from '@secretchatbox/contracts';
import type { Database } from '@secretchatbox/database';
import { readModerationMetrics } from '@secretchatbox/projections';
import { collegeOfList } from '../../identity/scope.js';
import type { Clock } from '../../infrastructure/clock.js';
import { CLOCK, DATABASE } from '../../infrastructure/tokens.js';

/** The charts' figures: volume per day by action, decision times; the last 30 days unless asked otherwise. */
export class ModerationMetricsQuery extends Query<AuditMetrics> {
  constructor(
    readonly user: AuthUser,
    readonly query: AuditMetricsQuery,
  ) {
    super();
  }
}

@QueryHandler(ModerationMetricsQuery)
export class ModerationMetricsHandler implements IQueryHandler<ModerationMetricsQuery> {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  execute({ user, query }: ModerationMetricsQuery): Promise<AuditMetrics> {
    const now = this.clock.now();
    const to = query.to ?? now.toISOString();
    const from = query.from ?? new Date(Date.parse(to) - limits.auditMetricsDays * 86_400_000).toISOString();
    return readModerationMetrics(this.db, from, to, collegeOfList(user, query.collegeCode));
  }
}
