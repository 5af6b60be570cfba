import { Inject, Injectable } from '@nestjs/common';
import type { ConfessionItem } from '@secretchatbox/contracts';
import { type Database, TurnBatch } from '@secretchatbox/database';
import { comparePositions, type Position } from '@secretchatbox/event-store';
import {
  confessionsProjection,
  findApprovedConfessions,
  likedAmong,
  type LikesAsked,
  type PublicConfession,
  type ReportedLikes,
} from '@secretchatbox/projections';
import { ProjectionsService } from '../../infrastructure/projections.service.js';
import { GenerationCache, ReadModelChanges } from '../../infrastructure/read-model-changes.js';
import { DATABASE } from '../../infrastructure/tokens.js';

/**
 * The point reads that every feed read with a session and every like make. Reads asked for in
 * the same turn share one query (a like's read-back after read-your-writes, above all, since the
 * likes of one projection batch are answered together). What a viewer liked is remembered for one
 * generation of the read models, as the feed's pages are (FeedPageCache): any like applied starts
 * a new one, so no answer predates a write acknowledged before the request.
 */
@Injectable()
export class ConfessionReads {
  private readonly confessions: TurnBatch<string, PublicConfession | null>;
  private readonly likes: TurnBatch<LikesAsked, ReadonlySet<string>>;
  /** By viewer: whether they liked each confession asked about. */
  private readonly known: GenerationCache<Map<string, boolean>>;
  /** By confession: its likes as the last batch applied here that toggled it left them, and where that batch ended. */
  private readonly reportedLikes = new Map<string, Readonly<{ likes: number; position: Position }>>();

  constructor(@Inject(DATABASE) db: Database, changes: ReadModelChanges, projections: ProjectionsService) {
    this.confessions = new TurnBatch(async (ids) => {
      const found = await findApprovedConfessions(db, [...new Set(ids)]);
      return ids.map((id) => found.get(id) ?? null);
    });
    this.likes = new TurnBatch((asks) => likedAmong(db, asks));
    this.known = new GenerationCache(changes, { maxEntries: 10_000, maxAgeMs: 1000 });
    for (const runner of projections.runners) {
      runner.onReport(({ projection, rows }, position) => {
        if (projection !== confessionsProjection.name) return;
        if (this.reportedLikes.size >= maxReportedLikes) this.reportedLikes.clear();
        for (const { id, likes } of rows as ReportedLikes[]) this.reportedLikes.set(id, { likes, position });
      });
    }
  }

  /**
   * An approved confession's likes as of `position` or later (a like's own, once applied), or
   * null when it is not shown: as the batch that applied it reported them, when this process
   * applied it, or else read.
   */
  async likesAsOf(id: string, position: Position): Promise<number | null> {
    const reported = this.reportedLikes.get(id);
    if (reported && comparePositions(reported.position, position) >= 0) return reported.likes;
    return (await this.approved(id))?.likes ?? null;
  }

  /** An approved confession that reports have not hidden, or null. */
  approved(id: string): Promise<PublicConfession | null> {
    return this.confessions.ask(id);
  }

  /** Each confession with whether the viewer liked it (never, without a session). */
  async withLikes(viewer: string | null, confessions: readonly PublicConfession[]): Promise<ConfessionItem[]> {
    return markLiked(confessions, await this.likedOf(viewer, confessions));
  }

  /** Which of `confessions` the viewer liked: none, without a session. */
  async likedOf(viewer: string | null, confessions: readonly PublicConfession[]): Promise<ReadonlySet<string>> {
    if (!viewer || confessions.length === 0) return noLikes;
    return this.likedAmong(
      viewer,
      confessions.map((confession) => confession.id),
    );
  }

  private async likedAmong(viewer: string, ids: readonly string[]): Promise<ReadonlySet<string>> {
    const generation = this.known.generation;
    const stored = this.known.get(viewer);
    const known = stored ?? new Map<string, boolean>();
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length > 0) {
      const liked = await this.likes.ask({ viewer, confessionIds: unknown });
      for (const id of unknown) known.set(id, liked.has(id));
      if (!stored) this.known.set(viewer, known, generation);
    }
    return new Set(ids.filter((id) => known.get(id)));
  }
}

const noLikes: ReadonlySet<string> = new Set();
const maxReportedLikes = 10_000;

/** The confessions as a viewer sees them, given which of them the viewer liked. */
export function markLiked(confessions: readonly PublicConfession[], liked: ReadonlySet<string>): ConfessionItem[] {
  return confessions.map((confession) => ({ ...confession, liked: liked.has(confession.id) }));
}
