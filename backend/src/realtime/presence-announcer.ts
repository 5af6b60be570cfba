import { socketEvents } from '@secretchatbox/contracts';
import { interServerEvents, type RealtimeServer } from './realtime-server.js';
import type { RoomPresence } from './room-presence.js';

/**
 * A room hears its count at most once in this time, however fast its visitors come and go: a
 * socket hopping in and out of a full room would otherwise make a broadcast to all of it each hop.
 */
export const presenceAnnounceIntervalMs = 250;

/**
 * Tells a room its online count after its visitors changed. Changes share one count and one
 * broadcast: at once after a quiet while, otherwise once the interval since the last has run, with
 * the count as it is then (the latest wins). So a thousand sockets joining do not cost a thousand
 * broadcasts to a thousand sockets each.
 *
 * Each instance tells its own sockets; with `peers` (Redis mode) it hands the count to the other
 * instances, which tell theirs. So every instance knows what its sockets last heard, which its
 * recounts compare with.
 */
export class PresenceAnnouncer {
  /** The rooms whose announcement waits for its turn, each with how to call it off. */
  private readonly pending = new Map<string, () => void>();
  /** What this instance's sockets in each room last heard. */
  private readonly heardHere = new Map<string, number>();
  /** When each room's last announcement went out. */
  private readonly announcedAt = new Map<string, number>();
  private stopped = false;

  constructor(
    private readonly server: RealtimeServer,
    private readonly presence: RoomPresence,
    private readonly peers: boolean,
  ) {}

  changed(room: string): void {
    if (this.stopped || this.pending.has(room)) return;
    const wait = (this.announcedAt.get(room) ?? Number.NEGATIVE_INFINITY) + presenceAnnounceIntervalMs - Date.now();
    const announce = () => void this.announce(room);
    if (wait > 0) {
      const timer = setTimeout(announce, wait);
      this.pending.set(room, () => clearTimeout(timer));
    } else {
      const immediate = setImmediate(announce);
      this.pending.set(room, () => clearImmediate(immediate));
    }
  }

  /**
   * Nothing more goes out, not even what was waiting: once the application closes, Redis is
   * closed too, and a count handed to it then would fail with nobody to hear it.
   */
  stop(): void {
    this.stopped = true;
    this.pending.forEach((callOff) => callOff());
    this.pending.clear();
  }

  /**
   * Counts again and tells the room's sockets here only if the count moved without a change
   * here: visitors of another instance that died stop counting when its presence expires, and
   * nobody else says so.
   */
  recount(room: string): void {
    if (!this.stopped) void this.announce(room, true);
  }

  /** A count another instance has just told its sockets of the room. */
  counted(room: string, online: number): void {
    this.tellHere(room, online);
  }

  private async announce(room: string, onlyIfMoved = false): Promise<void> {
    if (!onlyIfMoved) {
      this.pending.delete(room);
      this.announcedAt.set(room, Date.now());
    }
    try {
      const online = await this.presence.count(room);
      if (this.stopped) return;
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
      this.announcedAt.delete(room);
      return;
    }
    this.heardHere.set(room, online);
    this.server.local.to(room).emit(socketEvents.updateOnlineCount, online);
  }
}
