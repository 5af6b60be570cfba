import type { ClientToServerEvents, ServerToClientEvents } from '@secretchatbox/contracts';
import { io, type Socket } from 'socket.io-client';
import { storage } from './storage';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: AppSocket | null = null;

/**
 * The app's one socket.io connection, to the page's own origin. Created on first use and not
 * connected until a feature needs live updates (spec section 9: 20 s connect timeout,
 * reconnect delays from 1 to 5 s).
 */
export function getSocket(): AppSocket {
  socket ??= io({
    autoConnect: false,
    timeout: 20_000,
    reconnectionDelay: 1_000,
    reconnectionDelayMax: 5_000,
    transports: ['websocket'],
    // Read at every (re)connection, so a session created meanwhile is used.
    auth: (send) => send({ token: storage.get('sessionToken') ?? undefined }),
  });
  return socket;
}
