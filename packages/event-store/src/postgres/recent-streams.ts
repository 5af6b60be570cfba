import type { RecalledEvent, RecordedEvent } from '../event-store.js';

/**
 * A stream as last read whole (`read`) and the events this process appended to it since; or, for
 * one too long to hold whole, its last event alone (`last`), which is all a decision made on the
 * last event needs.
 */
type Held =
  Readonly<{ read: readonly RecordedEvent[]; appended: readonly RecalledEvent[] }> | Readonly<{ last: RecalledEvent }>;

const isWhole = (held: Held): held is Extract<Held, { read: unknown }> => 'read' in held;
const sizeOf = (held: Held) => (isWhole(held) ? held.read.length + held.appended.length : 1);
const lastOf = (held: Held | undefined): RecalledEvent | undefined =>
  !held ? undefined : isWhole(held) ? (held.appended.at(-1) ?? held.read.at(-1)) : held.last;

/**
 * The streams this process read or appended to last, so that reading one again asks the database
 * only for the events after those it read, and a command can decide on one without reading it
 * (`recall`). Events are never changed or removed once stored, so what is held stays true; newer
 * events, appended by any other process, are always read, and an append at the recalled revision
 * tells whether there are any. Holds at most `maxEvents` events in all, the least recently used
 * streams going first; of a stream longer than `maxStreamEvents`, only its last event.
 */
export class RecentStreams {
  private readonly streams = new Map<string, Held>();
  private eventsHeld = 0;

  constructor(private readonly limits: Readonly<{ maxEvents: number; maxStreamEvents: number }>) {}

  /** The events of `streamId` as last read whole, oldest first; none when it was not read whole lately. */
  held(streamId: string): readonly RecordedEvent[] {
    const held = this.streams.get(streamId);
    return held && isWhole(held) ? held.read : [];
  }

  /** The revision after which `streamId` must be read again: -1 when none of it was read whole. */
  readAfter(streamId: string): number {
    return this.held(streamId).at(-1)?.revision ?? -1;
  }

  /**
   * Every event known of `streamId`, read or appended here, in a list of its own, or with
   * `lastEventOnly` its last one alone; null when it is not held (as far as asked).
   */
  recall(streamId: string, lastEventOnly = false): RecalledEvent[] | null {
    const held = this.streams.get(streamId);
    if (!held) return null;
    if (lastEventOnly) return [lastOf(held)!];
    return isWhole(held) ? [...held.read, ...held.appended] : null;
  }

  /** Holds `events`, the whole of `streamId` as just read, and makes it the most recent. */
  remember(streamId: string, events: readonly RecordedEvent[]): void {
    this.hold(streamId, events.length === 0 ? null : { read: events, appended: [] });
  }

  /** Holds `event`, just read as the last of `streamId`, unless a later one is held. */
  rememberLast(streamId: string, event: RecordedEvent): void {
    if ((lastOf(this.streams.get(streamId))?.revision ?? -1) < event.revision) this.hold(streamId, { last: event });
  }

  /**
   * Adds `event`, just appended here, when it follows the events held (or starts the stream);
   * otherwise, or when it is null (an append whose events cannot all be known), lets the stream
   * go, since events appended in between are not known.
   */
  appended(streamId: string, event: RecalledEvent | null): void {
    const held = this.streams.get(streamId);
    const follows = event !== null && event.revision === (lastOf(held)?.revision ?? -1) + 1;
    if (!follows) return this.hold(streamId, null);
    // A stream not held that this event starts is held whole.
    const known = held ?? { read: [], appended: [] };
    this.hold(streamId, isWhole(known) ? { read: known.read, appended: [...known.appended, event] } : { last: event });
  }

  private hold(streamId: string, held: Held | null): void {
    this.forget(streamId);
    if (!held) return;
    const kept = sizeOf(held) > this.limits.maxStreamEvents ? { last: lastOf(held)! } : held;
    this.streams.set(streamId, kept);
    this.eventsHeld += sizeOf(kept);
    while (this.eventsHeld > this.limits.maxEvents) {
      const oldest = this.streams.keys().next().value;
      if (oldest === undefined) break;
      this.forget(oldest);
    }
  }

  private forget(streamId: string): void {
    const held = this.streams.get(streamId);
    if (held) this.eventsHeld -= sizeOf(held);
    this.streams.delete(streamId);
  }
}
