import { Inject, Injectable } from '@nestjs/common';
import type { Database } from '@secretchatbox/database';
import { type FeedQuery, listApprovedConfessions, type PublicConfession } from '@secretchatbox/projections';
import { GenerationCache, ReadModelChanges } from '../../infrastructure/read-model-changes.js';
import { DATABASE } from '../../infrastructure/tokens.js';

/**
 * Feed pages as everyone sees them, shared by every reader (visitor or not) for one generation
 * of the read models: a visitor's own likes are asked for separately, for the page's ids only.
 */
@Injectable()
export class FeedPageCache {
  private readonly pages: GenerationCache<readonly PublicConfession[]>;

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    changes: ReadModelChanges,
  ) {
    this.pages = new GenerationCache(changes, { maxEntries: 1000, maxAgeMs: 1000 });
  }

  async page(query: FeedQuery): Promise<readonly PublicConfession[]> {
    const key = JSON.stringify(query);
    const cached = this.pages.get(key);
    if (cached) return cached;
    const generation = this.pages.generation;
    const page = await listApprovedConfessions(this.db, query);
    this.pages.set(key, page, generation);
    return page;
  }
}
