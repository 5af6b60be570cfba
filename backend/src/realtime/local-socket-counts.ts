import { isUuid } from '../common/ids.js';
import type { SocketCounts } from '../infrastructure/metrics.js';
import type { RealtimeServer } from './realtime-server.js';

type SocketsOf = Readonly<{
  sockets: Readonly<{
    sockets: ReadonlyMap<string, unknown>;
    adapter: Readonly<{ rooms: ReadonlyMap<string, unknown> }>;
  }>;
}>;

/**
 * This instance's sockets, and the chat rooms they are in. Chat rooms are the socket.io rooms named
 * by a UUID: each socket's own room and the feeds' (`feed:<college>`) are not. The adapter keeps
 * only this instance's members, in Redis mode too, and drops a room its last socket leaves.
 */
export function localSocketCounts(server: RealtimeServer | SocketsOf): SocketCounts {
  const { sockets, adapter } = server.sockets;
  let chatRooms = 0;
  for (const room of adapter.rooms.keys()) if (isUuid(room)) chatRooms += 1;
  return { connections: sockets.size, chatRooms };
}
