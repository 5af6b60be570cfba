/**
 * Who is in which room: distinct visitors, however many tabs (sockets) each has open, counted on
 * every instance that shares the port's adapter.
 */
export interface RoomPresence {
  /** Adds one connection of `visitor` to `room`. */
  enter(room: string, visitor: string): Promise<void>;
  /** Removes one connection of `visitor` from `room`. */
  leave(room: string, visitor: string): Promise<void>;
  /** The room's distinct visitors now. */
  count(room: string): Promise<number>;
  /** This instance stops: its visitors stop counting at once. */
  close(): Promise<void>;
}

/** Connections per visitor per room, of this process. */
export class LocalConnections {
  private readonly rooms = new Map<string, Map<string, number>>();

  /** Adds one; true when it is the visitor's first in the room. */
  add(room: string, visitor: string): boolean {
    const visitors = this.rooms.get(room) ?? new Map<string, number>();
    const connections = (visitors.get(visitor) ?? 0) + 1;
    visitors.set(visitor, connections);
    this.rooms.set(room, visitors);
    return connections === 1;
  }

  /** Removes one; true when it was the visitor's last in the room. */
  remove(room: string, visitor: string): boolean {
    const visitors = this.rooms.get(room);
    const connections = (visitors?.get(visitor) ?? 0) - 1;
    if (!visitors || connections < 0) return false;
    if (connections > 0) {
      visitors.set(visitor, connections);
      return false;
    }
    visitors.delete(visitor);
    if (visitors.size === 0) this.rooms.delete(room);
    return true;
  }

  visitorsIn(room: string): number {
    return this.rooms.get(room)?.size ?? 0;
  }

  get roomNames(): IterableIterator<string> {
    return this.rooms.keys();
  }

  visitorNames(room: string): string[] {
    return [...(this.rooms.get(room)?.keys() ?? [])];
  }
}

/** One process holds every socket: its own connections are the whole truth. */
export class InProcessRoomPresence implements RoomPresence {
  private readonly connections = new LocalConnections();

  async enter(room: string, visitor: string): Promise<void> {
    this.connections.add(room, visitor);
  }

  async leave(room: string, visitor: string): Promise<void> {
    this.connections.remove(room, visitor);
  }

  async count(room: string): Promise<number> {
    return this.connections.visitorsIn(room);
  }

  async close(): Promise<void> {
    // Nothing outlives the process.
  }
}
