import type { ClientToServerEvents, ServerToClientEvents } from '@secretchatbox/contracts';
import { io, type Socket } from 'socket.io-client';
import { storage } from './storage';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: AppSocket | null = null;
let holders = 0;

/**
 * The app's one socket.io connection, to the page's own origin. Created on first use and not
 * connected until a feature holds it (spec section 9: 20 s connect timeout, reconnect delays
 * from 1 to 5 s).
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

/**
 * Keeps the socket connected until the returned release is called. The last release disconnects
 * it, so a student who leaves the chat no longer counts as online in the room they left.
 */
export function holdSocket(): () => void {
  const held = getSocket();
  holders += 1;
  if (!held.active) held.connect();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holders -= 1;
    if (holders === 0) held.disconnect();
  };
}
