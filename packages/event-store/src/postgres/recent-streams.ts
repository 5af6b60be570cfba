import type { RecordedEvent } from '../event-store.js';

/**
 * The streams this process read last, whole, so that reading one again asks the database only
 * for the events after those it holds. Events are never changed or removed once stored, so what
 * is held stays true; newer events, appended here or by any other process, are always read.
 * Holds at most `maxEvents` events in all, the least recently read streams going first, and no
 * stream longer than `maxStreamEvents`.
 */
export class RecentStreams {
  private readonly streams = new Map<string, readonly RecordedEvent[]>();
  private eventsHeld = 0;

  constructor(private readonly limits: Readonly<{ maxEvents: number; maxStreamEvents: number }>) {}

  /** The events held of `streamId`, oldest first; none when it was not read lately. */
  held(streamId: string): readonly RecordedEvent[] {
    return this.streams.get(streamId) ?? [];
  }

  /** The revision after which `streamId` must be read again: -1 when none of it is held. */
  readAfter(streamId: string): number {
    return this.held(streamId).at(-1)?.revision ?? -1;
  }

  /** Holds `events`, the whole of `streamId` as just read, and makes it the most recent. */
  remember(streamId: string, events: readonly RecordedEvent[]): void {
    this.forget(streamId);
    if (events.length === 0 || events.length > this.limits.maxStreamEvents) return;
    this.streams.set(streamId, events);
    this.eventsHeld += events.length;
    while (this.eventsHeld > this.limits.maxEvents) {
      const oldest = this.streams.keys().next().value;
      if (oldest === undefined) break;
      this.forget(oldest);
    }
  }

  private forget(streamId: string): void {
    this.eventsHeld -= this.streams.get(streamId)?.length ?? 0;
    this.streams.delete(streamId);
  }
}
