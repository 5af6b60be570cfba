import { Inject, Injectable } from '@nestjs/common';
import type { ConfessionItem } from '@secretchatbox/contracts';
import { type Database, TurnBatch } from '@secretchatbox/database';
import type { Position } from '@secretchatbox/event-store';
import {
  confessionsProjection,
  findApprovedConfessions,
  type MarksAsked,
  type PublicConfession,
  type ReportedLikes,
  viewerMarksAmong,
  type ViewerMarks,
} from '@secretchatbox/projections';
import { ProjectionsService } from '../../infrastructure/projections.service.js';
import { GenerationCache, ReadModelChanges } from '../../infrastructure/read-model-changes.js';
import { DATABASE } from '../../infrastructure/tokens.js';
import { KnownLikes } from './known-likes.js';

/**
 * The point reads that every feed read with a session and every like make. Reads asked for in
 * the same turn share one query (a like's read-back after read-your-writes, above all, since the
 * likes of one projection batch are answered together). What a viewer liked and reported is
 * remembered for one generation of the read models, as the feed's pages are (FeedPageCache): any
 * like or report applied starts a new one, so no answer predates a write acknowledged before the
 * request, but for a like answered as soon as it was stored (`likesAfterToggle`), which a read
 * shows once it names it or its batch is applied.
 */
@Injectable()
export class ConfessionReads {
  private readonly confessions: TurnBatch<string, PublicConfession | null>;
  private readonly marks: TurnBatch<MarksAsked, ViewerMarks>;
  /** By viewer: what they did to each confession asked about (`liked` and `reported` bits). */
  private readonly known: GenerationCache<Map<string, number>>;
  private readonly likes = new KnownLikes();

  constructor(
    @Inject(DATABASE) db: Database,
    private readonly changes: ReadModelChanges,
    projections: ProjectionsService,
  ) {
    this.confessions = new TurnBatch(async (ids) => {
      const found = await findApprovedConfessions(db, [...new Set(ids)]);
      return ids.map((id) => found.get(id) ?? null);
    });
    this.marks = new TurnBatch((asks) => viewerMarksAmong(db, asks));
    this.known = new GenerationCache(changes, { maxEntries: 10_000, maxAgeMs: 1000 });
    for (const runner of projections.runners) {
      runner.onReport(({ projection, rows }, position) => {
        if (projection !== confessionsProjection.name) return;
        for (const { id, likes } of rows as ReportedLikes[]) this.likes.reported(id, likes, position);
      });
    }
  }

  /**
   * An approved confession's likes as of `position` or later (a like's own, once applied), or
   * null when it is not shown: as the batch that applied it reported them, when this process
   * applied it, or else read.
   */
  async likesAsOf(id: string, position: Position): Promise<number | null> {
    return this.likes.asOf(id, position) ?? (await this.approved(id))?.likes ?? null;
  }

  /**
   * The likes a toggle stored at `position` leaves, counted here without the read models; null
   * when this process cannot (`KnownLikes.afterToggle`). Only while every projection runs here:
   * then each toggle's batch reports here, and every count known here is the latest.
   */
  likesAfterToggle(id: string, position: Position, liked: boolean): number | null {
    return this.changes.seesEveryChange ? this.likes.afterToggle(id, position, liked) : null;
  }

  /** An approved confession that reports have not hidden, or null. */
  approved(id: string): Promise<PublicConfession | null> {
    return this.confessions.ask(id);
  }

  /** Each confession with whether the viewer liked and reported it (neither, without a session). */
  async withMarks(viewer: string | null, confessions: readonly PublicConfession[]): Promise<ConfessionItem[]> {
    return markForViewer(confessions, await this.marksOf(viewer, confessions));
  }

  /** What the viewer did to `confessions`: nothing, without a session. */
  async marksOf(viewer: string | null, confessions: readonly PublicConfession[]): Promise<ViewerMarks> {
    if (!viewer || confessions.length === 0) return noMarks;
    const ids = confessions.map((confession) => confession.id);
    const stored = this.known.get(viewer);
    const generation = this.known.generation;
    const known = stored ?? new Map<string, number>();
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length > 0) {
      const { liked, reported } = await this.marks.ask({ viewer, confessionIds: unknown });
      for (const id of unknown) known.set(id, markBits(id, { liked, reported }));
      if (!stored) this.known.set(viewer, known, generation);
    }
    const having = (bit: number) => new Set(ids.filter((id) => (known.get(id)! & bit) !== 0));
    return { liked: having(likedBit), reported: having(reportedBit) };
  }
}

const likedBit = 1;
const reportedBit = 2;
const markBits = (id: string, marks: ViewerMarks) =>
  (marks.liked.has(id) ? likedBit : 0) | (marks.reported.has(id) ? reportedBit : 0);
const noMarks: ViewerMarks = { liked: new Set(), reported: new Set() };

/** A digit per confession for what the viewer did to it: readers with the same key see the same page. */
export const marksKey = (confessions: readonly PublicConfession[], marks: ViewerMarks): string =>
  confessions.map(({ id }) => markBits(id, marks)).join('');

/** The confessions as a viewer sees them, given what the viewer did to them. */
export function markForViewer(confessions: readonly PublicConfession[], marks: ViewerMarks): ConfessionItem[] {
  return confessions.map((confession) => ({
    ...confession,
    liked: marks.liked.has(confession.id),
    reported: marks.reported.has(confession.id),
  }));
}
