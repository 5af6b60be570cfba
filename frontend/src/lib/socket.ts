import type { ClientToServerEvents, HandshakeRefusal, ServerToClientEvents } from '@secretchatbox/contracts';
import { io, type Socket } from 'socket.io-client';
import { storage } from './storage';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: AppSocket | null = null;
let holders = 0;
/** The visitor token the socket last connected with (undefined: none). */
let connectedWith: string | undefined;

/**
 * The app's one socket.io connection, to the page's own origin. Created on first use and not
 * connected until a feature holds it (docs/product.md, Screens: 20 s connect timeout, reconnect
 * delays from 1 to 5 s).
 */
export function getSocket(): AppSocket {
  socket ??= io({
    autoConnect: false,
    timeout: 20_000,
    reconnectionDelay: 1_000,
    reconnectionDelayMax: 5_000,
    transports: ['websocket'],
    // Read at every (re)connection, so a session created meanwhile is used.
    auth: (send) => {
      connectedWith = storage.get('sessionToken') ?? undefined;
      send({ token: connectedWith });
    },
  });
  // The server no longer knows the stored session: forget it, and read on without one until a
  // write starts a new session (visitor-session.ts), as a REST call answered 401 would.
  socket.on('connect_error', (error: Error & { data?: HandshakeRefusal }) => {
    if (error.data?.statusCode !== 401 || !connectedWith) return;
    storage.remove('sessionToken');
    socket?.connect();
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

/**
 * A visitor session has just started: a socket that connected without it (an open board watches
 * its feed anonymously) connects again with it, since typing and pairing need the session.
 */
export function visitorSessionChanged(): void {
  if (socket?.active && connectedWith !== (storage.get('sessionToken') ?? undefined)) socket.disconnect().connect();
}
