import { comparePositions, type Position } from '@secretchatbox/event-store';

const maxConfessions = 10_000;

type Known = Readonly<{ likes: number; position: Position }>;

/**
 * By confession: its likes as this process last knew them, and where in the log that count
 * stands. A count comes from the batches the projections running here applied (their reports)
 * and from the toggles answered here as soon as they were stored, counted from the last count
 * known (docs/decisions/035-likes-answered-once-stored.md). The least recently counted confession
 * is forgotten first.
 */
export class KnownLikes {
  private readonly byConfession = new Map<string, Known>();

  /** A batch's count, as of `position`: null for a confession not shown, which is forgotten. */
  reported(id: string, likes: number | null, position: Position): void {
    const known = this.byConfession.get(id);
    if (likes === null) this.byConfession.delete(id);
    else if (!known || comparePositions(position, known.position) >= 0) this.remember(id, { likes, position });
  }

  /** Its likes as of `position` or later, if known. */
  asOf(id: string, position: Position): number | null {
    const known = this.byConfession.get(id);
    return known && comparePositions(known.position, position) >= 0 ? known.likes : null;
  }

  /**
   * The likes that a toggle stored at `position` leaves: the last count known, with the toggle
   * added unless that count is already past it. Null when no count is known.
   */
  afterToggle(id: string, position: Position, liked: boolean): number | null {
    const known = this.byConfession.get(id);
    if (!known) return null;
    if (comparePositions(known.position, position) >= 0) return known.likes;
    const likes = Math.max(0, known.likes + (liked ? 1 : -1));
    this.remember(id, { likes, position });
    return likes;
  }

  private remember(id: string, known: Known): void {
    this.byConfession.delete(id);
    if (this.byConfession.size >= maxConfessions) this.byConfession.delete(this.byConfession.keys().next().value!);
    this.byConfession.set(id, known);
  }
}
