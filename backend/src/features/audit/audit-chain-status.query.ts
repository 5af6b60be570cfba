import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { AuditChainStatus } from '@secretchatbox/contracts';
import type { EventStore } from '@secretchatbox/event-store';
import { describeVerdict, verifyAuditChain } from '@secretchatbox/projections';
import type { Clock } from '../../infrastructure/clock.js';
import { CLOCK, EVENT_STORE } from '../../infrastructure/tokens.js';

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
