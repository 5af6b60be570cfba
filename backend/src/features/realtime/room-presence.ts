/** Who is in which room: distinct visitors, however many tabs each has open. */
export class RoomPresence {
  private readonly rooms = new Map<string, Map<string, number>>();

  /** Adds one connection of `visitor` to `room`; returns the room's distinct visitor count. */
  enter(room: string, visitor: string): number {
    const visitors = this.rooms.get(room) ?? new Map<string, number>();
    visitors.set(visitor, (visitors.get(visitor) ?? 0) + 1);
    this.rooms.set(room, visitors);
    return visitors.size;
  }

  /** Removes one connection; returns the new count. */
  leave(room: string, visitor: string): number {
    const visitors = this.rooms.get(room);
    if (!visitors) return 0;
    const connections = (visitors.get(visitor) ?? 0) - 1;
    if (connections > 0) visitors.set(visitor, connections);
    else visitors.delete(visitor);
    if (visitors.size === 0) this.rooms.delete(room);
    return visitors.size;
  }
}
