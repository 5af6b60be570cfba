import { randomUUID } from 'node:crypto';
import type { Redis } from '../infrastructure/redis.js';
import { LocalConnections, type RoomPresence } from './room-presence.js';

/** How long an instance's visitors stay counted after its last renewal (what a crash costs), and how often it renews. */
const defaultTiming = { instanceTtlMs: 30_000, renewEveryMs: 10_000 };
/** How often an instance counts its rooms again, to notice another instance's visitors expiring. */
export const recountMs = 5_000;

// The union of the live instances' sets of a room; an instance whose set expired leaves the list.
const countScript = `
local keys = {}
for _, instance in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  local key = ARGV[1] .. instance
  if redis.call('EXISTS', key) == 1 then table.insert(keys, key) else redis.call('SREM', KEYS[1], instance) end
end
if #keys == 0 then return 0 end
return #redis.call('SUNION', unpack(keys))`;

/**
 * Presence shared by every instance through Redis. Each instance keeps its own connections, and
 * in Redis, per room, the set of its visitors (a visitor enters it with its first tab on this
 * instance and leaves it with its last); the room's count is the size of the union of the live
 * instances' sets. Each set expires unless its instance renews it, so the visitors of an instance
 * that died stop counting within `instanceTtlMs`. Written for a single Redis (the count script
 * reads keys it derives); Redis Cluster would need the room's keys in one hash slot.
 */
export class RedisRoomPresence implements RoomPresence {
  private readonly instance = randomUUID();
  private readonly connections = new LocalConnections();
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    private readonly redis: Redis,
    private readonly timing = defaultTiming,
  ) {
    this.heartbeat = setInterval(() => void this.renew(), timing.renewEveryMs).unref();
  }

  async enter(room: string, visitor: string): Promise<void> {
    if (!this.connections.add(room, visitor)) return;
    const own = this.ownSet(room);
    await this.redis.commands
      .multi()
      .sAdd(own, visitor)
      .pExpire(own, this.timing.instanceTtlMs)
      .sAdd(this.instancesOf(room), this.instance)
      .exec();
  }

  async leave(room: string, visitor: string): Promise<void> {
    if (!this.connections.remove(room, visitor)) return;
    await this.redis.commands.sRem(this.ownSet(room), visitor);
  }

  async count(room: string): Promise<number> {
    const counted = await this.redis.commands.eval(countScript, {
      keys: [this.instancesOf(room)],
      arguments: [`${this.roomKey(room)}:instance:`],
    });
    return Number(counted);
  }

  /** The rooms this instance has sockets in. */
  localRooms(): string[] {
    return [...this.connections.roomNames];
  }

  /** Stops renewing this instance's sets, as if it had died; they expire. */
  stop(): void {
    clearInterval(this.heartbeat);
  }

  /** Stops renewing, and takes this instance's visitors out of every room's count now. */
  async close(): Promise<void> {
    this.stop();
    const own = [...this.connections.roomNames].map((room) => this.ownSet(room));
    if (own.length > 0) await this.redis.commands.del(own).catch(() => undefined);
  }

  private async renew(): Promise<void> {
    const rooms = [...this.connections.roomNames];
    if (rooms.length === 0) return;
    const renewal = this.redis.commands.multi();
    for (const room of rooms) {
      // Re-added too, in case Redis lost them (a restart without persistence).
      renewal.sAdd(this.ownSet(room), this.connections.visitorNames(room));
      renewal.pExpire(this.ownSet(room), this.timing.instanceTtlMs);
      renewal.sAdd(this.instancesOf(room), this.instance);
    }
    await renewal.exec().catch(() => undefined);
  }

  private roomKey(room: string): string {
    return `${this.redis.keyPrefix}:presence:${room}`;
  }

  private ownSet(room: string): string {
    return `${this.roomKey(room)}:instance:${this.instance}`;
  }

  private instancesOf(room: string): string {
    return `${this.roomKey(room)}:instances`;
  }
}
