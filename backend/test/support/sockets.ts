import { type ClientToServerEvents, type ServerToClientEvents, socketEvents } from '@secretchatbox/contracts';
import { io, type Socket } from 'socket.io-client';

export type ChatSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Sockets of a test, each connected to `baseUrl` with an optional token; `closeAll` ends them. */
export function socketPool() {
  const sockets: ChatSocket[] = [];
  return {
    async connect(baseUrl: string, token?: string): Promise<ChatSocket> {
      const socket: ChatSocket = io(baseUrl, {
        transports: ['websocket'],
        auth: token ? { token } : {},
        reconnection: false,
        forceNew: true,
      });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      return socket;
    },
    closeAll() {
      for (const socket of sockets.splice(0)) socket.disconnect();
    },
  };
}

export const join = (socket: ChatSocket, roomId: string) =>
  socket.timeout(5000).emitWithAck(socketEvents.joinRoom, roomId);

/** The next `event` the socket hears, or a failure after `ms`. */
export function next<E extends keyof ServerToClientEvents>(
  socket: ChatSocket,
  event: E,
  ms = 5000,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    socket.once(event, ((payload: Parameters<ServerToClientEvents[E]>[0]) => {
      clearTimeout(timer);
      resolve(payload);
    }) as never);
  });
}

/** Everything the socket hears of `event` from now on. */
export function collect<E extends keyof ServerToClientEvents>(socket: ChatSocket, event: E) {
  const heard: Parameters<ServerToClientEvents[E]>[0][] = [];
  socket.on(event, ((payload: Parameters<ServerToClientEvents[E]>[0]) => heard.push(payload)) as never);
  return heard;
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
