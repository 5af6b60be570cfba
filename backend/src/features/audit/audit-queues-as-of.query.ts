import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { type AuditQueues, type AuditQueuesQuery, type AuthUser, limits } from '@secretchatbox/contracts';
import type { Database } from '@secretchatbox/database';
import { readQueuesAsOf } from '@secretchatbox/projections';
import { collegeOfList } from '../../identity/scope.js';
import type { Clock } from '../../infrastructure/clock.js';
import { CLOCK, DATABASE } from '../../infrastructure/tokens.js';

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
