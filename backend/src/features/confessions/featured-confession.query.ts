import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { type FeaturedConfession, type FeaturedQuery } from '@secretchatbox/contracts';
import type { Database } from '@secretchatbox/database';
import { findFeaturedConfession } from '@secretchatbox/projections';
import { dayBefore } from '../../common/quota-day.js';
import type { Clock } from '../../infrastructure/clock.js';
import { CLOCK, DATABASE } from '../../infrastructure/tokens.js';
import { ConfessionReads } from './confession-reads.js';

export class FeaturedConfessionQuery extends Query<FeaturedConfession> {
  constructor(
    readonly query: FeaturedQuery,
    readonly viewer: string | null,
  ) {
    super();
  }
}

@QueryHandler(FeaturedConfessionQuery)
export class FeaturedConfessionHandler implements IQueryHandler<FeaturedConfessionQuery> {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly reads: ConfessionReads,
  ) {}

  async execute({ query, viewer }: FeaturedConfessionQuery): Promise<FeaturedConfession> {
    const since = dayBefore(this.clock.now());
    const featured = await findFeaturedConfession(this.db, { ...query, since });
    if (!featured) return { item: null };
    const [item] = await this.reads.withMarks(viewer, [featured]);
    return { item: item! };
  }
}
