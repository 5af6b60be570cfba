import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import {
  type AuditChainStatus,
  type AuditMetrics,
  type AuditMetricsQuery,
  type AuditQueues,
  type AuditQueuesQuery,
  type AuthUser,
  limits,
} from '@secretchatbox/contracts';
import type { Database } from '@secretchatbox/database';
import type { EventStore } from '@secretchatbox/event-store';
import { describeVerdict, readModerationMetrics, readQueuesAsOf, verifyAuditChain } from '@secretchatbox/projections';
import { collegeOfList } from '../../identity/scope.js';
import type { Clock } from '../../infrastructure/clock.js';
import { CLOCK, DATABASE, EVENT_STORE } from '../../infrastructure/tokens.js';

/** The moderation queues as they stood at a moment (now when absent), within the caller's colleges. */
export class AuditQueuesAsOfQuery extends Query<AuditQueues> {
  constructor(
    readonly user: AuthUser,
    readonly query: AuditQueuesQuery,
  ) {
    super();
  }
}

@QueryHandler(AuditQueuesAsOfQuery)
export class AuditQueuesAsOfHandler implements IQueryHandler<AuditQueuesAsOfQuery> {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  execute({ user, query }: AuditQueuesAsOfQuery): Promise<AuditQueues> {
    const at = query.at ?? this.clock.now().toISOString();
    return readQueuesAsOf(this.db, at, collegeOfList(user, query.collegeCode), limits.auditQueueItems);
  }
}

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
export class AuditMetricsHandler implements IQueryHandler<ModerationMetricsQuery> {
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

/** The chain recomputed from the first event, as `npm run audit:verify` does. */
export class AuditChainStatusQuery extends Query<AuditChainStatus> {}

@QueryHandler(AuditChainStatusQuery)
export class AuditChainStatusHandler implements IQueryHandler<AuditChainStatusQuery> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(): Promise<AuditChainStatus> {
    const verdict = await verifyAuditChain(this.store);
    return {
      intact: verdict.intact,
      links: verdict.links,
      head: verdict.head,
      unlinked: verdict.intact ? verdict.unlinked : 0,
      broken: verdict.intact ? null : verdict.broken,
      message: describeVerdict(verdict),
      checkedAt: this.clock.now().toISOString(),
    };
  }
}
