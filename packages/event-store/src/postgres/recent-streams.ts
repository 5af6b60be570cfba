import type { RecalledEvent, RecordedEvent } from '../event-store.js';

/** A stream as last read whole (`read`), and the events this process appended to it since. */
type Held = Readonly<{ read: readonly RecordedEvent[]; appended: readonly RecalledEvent[] }>;

/**
 * The streams this process read or appended to last, so that reading one again asks the database
 * only for the events after those it read, and a command can decide on one without reading it
 * (`recall`). Events are never changed or removed once stored, so what is held stays true; newer
 * events, appended by any other process, are always read, and an append at the recalled revision
 * tells whether there are any. Holds at most `maxEvents` events in all, the least recently used
 * streams going first, and no stream longer than `maxStreamEvents`.
 */
export class RecentStreams {
  private readonly streams = new Map<string, Held>();
  private eventsHeld = 0;

  constructor(private readonly limits: Readonly<{ maxEvents: number; maxStreamEvents: number }>) {}

  /** The events of `streamId` as last read whole, oldest first; none when it was not read lately. */
  held(streamId: string): readonly RecordedEvent[] {
    return this.streams.get(streamId)?.read ?? [];
  }

  /** The revision after which `streamId` must be read again: -1 when none of it was read. */
  readAfter(streamId: string): number {
    return this.held(streamId).at(-1)?.revision ?? -1;
  }

  /** Every event known of `streamId`, read or appended here, in a list of its own; null when it is not held. */
  recall(streamId: string): RecalledEvent[] | null {
    const held = this.streams.get(streamId);
    return held ? [...held.read, ...held.appended] : null;
  }

  /** Holds `events`, the whole of `streamId` as just read, and makes it the most recent. */
  remember(streamId: string, events: readonly RecordedEvent[]): void {
    this.hold(streamId, events.length === 0 ? null : { read: events, appended: [] });
  }

  /**
   * Adds `event`, just appended here, when it follows the events held (or starts the stream);
   * otherwise, or when it is null (an append whose events cannot all be known), lets the stream
   * go, since events appended in between are not known.
   */
  appended(streamId: string, event: RecalledEvent | null): void {
    const held = this.streams.get(streamId) ?? { read: [], appended: [] };
    const last = held.appended.at(-1)?.revision ?? held.read.at(-1)?.revision ?? -1;
    const follows = event !== null && event.revision === last + 1;
    this.hold(streamId, follows ? { read: held.read, appended: [...held.appended, event] } : null);
  }

  private hold(streamId: string, held: Held | null): void {
    this.forget(streamId);
    const size = held ? held.read.length + held.appended.length : 0;
    if (!held || size > this.limits.maxStreamEvents) return;
    this.streams.set(streamId, held);
    this.eventsHeld += size;
    while (this.eventsHeld > this.limits.maxEvents) {
      const oldest = this.streams.keys().next().value;
      if (oldest === undefined) break;
      this.forget(oldest);
    }
  }

  private forget(streamId: string): void {
    const held = this.streams.get(streamId);
    if (held) this.eventsHeld -= held.read.length + held.appended.length;
    this.streams.delete(streamId);
  }
}
