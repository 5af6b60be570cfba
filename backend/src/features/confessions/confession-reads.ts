import { Inject, Injectable } from '@nestjs/common';
import type { ConfessionItem } from '@secretchatbox/contracts';
import { type Database, TurnBatch } from '@secretchatbox/database';
import {
  findApprovedConfessions,
  likedAmong,
  type LikesAsked,
  type PublicConfession,
} from '@secretchatbox/projections';
import { DATABASE } from '../../infrastructure/tokens.js';

/**
 * The point reads that every feed read with a session and every like make: reads asked for in
 * the same turn share one query (a like's read-back after read-your-writes, above all, since
 * the likes of one projection batch are answered together).
 */
@Injectable()
export class ConfessionReads {
  private readonly confessions: TurnBatch<string, PublicConfession | null>;
  private readonly likes: TurnBatch<LikesAsked, ReadonlySet<string>>;

  constructor(@Inject(DATABASE) db: Database) {
    this.confessions = new TurnBatch(async (ids) => {
      const found = await findApprovedConfessions(db, [...new Set(ids)]);
      return ids.map((id) => found.get(id) ?? null);
    });
    this.likes = new TurnBatch((asks) => likedAmong(db, asks));
  }

  /** An approved confession that reports have not hidden, or null. */
  approved(id: string): Promise<PublicConfession | null> {
    return this.confessions.ask(id);
  }

  /** Each confession with whether the viewer liked it (never, without a session). */
  async withLikes(viewer: string | null, confessions: readonly PublicConfession[]): Promise<ConfessionItem[]> {
    const liked =
      viewer && confessions.length > 0
        ? await this.likes.ask({ viewer, confessionIds: confessions.map((confession) => confession.id) })
        : new Set<string>();
    return confessions.map((confession) => ({ ...confession, liked: liked.has(confession.id) }));
  }
}
