import { socketEvents } from '@secretchatbox/contracts';
import type { RealtimeServer } from './room-broadcasts.js';
import type { RoomPresence } from './room-presence.js';

/**
 * Tells a room its online count after its visitors changed. Changes within one turn of the event
 * loop share one count and one broadcast, so a thousand sockets joining do not cost a thousand
 * broadcasts to a thousand sockets each.
 */
export class PresenceAnnouncer {
  private readonly pending = new Set<string>();
  /** What each room was last told by this instance. */
  private readonly announced = new Map<string, number>();

  constructor(
    private readonly server: RealtimeServer,
    private readonly presence: RoomPresence,
  ) {}

  changed(room: string): void {
    if (this.pending.has(room)) return;
    this.pending.add(room);
    setImmediate(() => void this.announce(room));
  }

  /**
   * Counts again and tells the room only if the count moved without a change here: visitors of
   * another instance that died stop counting when its presence expires, and nobody else says so.
   */
  recount(room: string): void {
    void this.announce(room, true);
  }

  private async announce(room: string, onlyIfMoved = false): Promise<void> {
    if (!onlyIfMoved) this.pending.delete(room);
    try {
      const online = await this.presence.count(room);
      if (onlyIfMoved && this.announced.get(room) === online) return;
      if (online === 0) this.announced.delete(room);
      else this.announced.set(room, online);
      this.server.to(room).emit(socketEvents.updateOnlineCount, online);
    } catch {
      // Redis unreachable for a moment: the next change in the room, or the next recount, tells.
    }
  }
}
