import { socketEvents } from '@secretchatbox/contracts';
import { interServerEvents, type RealtimeServer } from './realtime-server.js';
import type { RoomPresence } from './room-presence.js';

/**
 * Tells a room its online count after its visitors changed. Changes within one turn of the event
 * loop share one count and one broadcast, so a thousand sockets joining do not cost a thousand
 * broadcasts to a thousand sockets each.
 *
 * Each instance tells its own sockets; with `peers` (Redis mode) it hands the count to the other
 * instances, which tell theirs. So every instance knows what its sockets last heard, which its
 * recounts compare with.
 */
export class PresenceAnnouncer {
  private readonly pending = new Set<string>();
  /** What this instance's sockets in each room last heard. */
  private readonly heardHere = new Map<string, number>();

  constructor(
    private readonly server: RealtimeServer,
    private readonly presence: RoomPresence,
    private readonly peers: boolean,
  ) {}

  changed(room: string): void {
    if (this.pending.has(room)) return;
    this.pending.add(room);
    setImmediate(() => void this.announce(room));
  }

  /**
   * Counts again and tells the room's sockets here only if the count moved without a change
   * here: visitors of another instance that died stop counting when its presence expires, and
   * nobody else says so.
   */
  recount(room: string): void {
    void this.announce(room, true);
  }

  /** A count another instance has just told its sockets of the room. */
  counted(room: string, online: number): void {
    this.tellHere(room, online);
  }

  private async announce(room: string, onlyIfMoved = false): Promise<void> {
    if (!onlyIfMoved) this.pending.delete(room);
    try {
      const online = await this.presence.count(room);
      if (onlyIfMoved && this.heardHere.get(room) === online) return;
      this.tellHere(room, online);
      if (this.peers && !onlyIfMoved) this.server.serverSideEmit(interServerEvents.onlineCount, room, online);
    } catch {
      // Redis unreachable for a moment: the next change in the room, or the next recount, tells.
    }
  }

  private tellHere(room: string, online: number): void {
    if (!this.server.sockets.adapter.rooms.has(room)) {
      this.heardHere.delete(room);
      return;
    }
    this.heardHere.set(room, online);
    this.server.local.to(room).emit(socketEvents.updateOnlineCount, online);
  }
}
