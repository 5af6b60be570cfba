import { Inject, Injectable } from '@nestjs/common';
import type { Database } from '@secretchatbox/database';
import { type FeedQuery, listApprovedConfessions, type PublicConfession } from '@secretchatbox/projections';
import { ReadModelChanges } from '../../infrastructure/read-model-changes.js';
import { DATABASE } from '../../infrastructure/tokens.js';

const maxEntries = 1000;
const maxAgeMs = 1000;

type Entry = Readonly<{ page: readonly PublicConfession[]; generation: number; storedAt: number }>;

/**
 * Feed pages as everyone sees them, shared by every reader (visitor or not) for one generation
 * of the read models: a visitor's own likes are asked for separately, for the page's ids only.
 */
@Injectable()
export class FeedPageCache {
  private entries = new Map<string, Entry>();

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly changes: ReadModelChanges,
  ) {}

  async page(query: FeedQuery): Promise<readonly PublicConfession[]> {
    const key = JSON.stringify(query);
    const generation = this.changes.generation;
    const now = Date.now();
    const stored = this.entries.get(key);
    if (stored && stored.generation === generation && now - stored.storedAt < maxAgeMs) return stored.page;
    const page = await listApprovedConfessions(this.db, query);
    if (this.changes.seesEveryChange && this.changes.generation === generation) {
      if (this.entries.size >= maxEntries) this.entries = new Map();
      this.entries.set(key, { page, generation, storedAt: now });
    }
    return page;
  }
}
