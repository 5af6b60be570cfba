import {
  type ClientToServerEvents,
  type ServerToClientEvents,
  serverEventSchemas,
  socketEvents,
} from '@secretchatbox/contracts';
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

/** A pushed payload, held to its contract: a push of another shape fails the test that hears it. */
const checked = <E extends keyof ServerToClientEvents>(event: E, payload: unknown) =>
  serverEventSchemas[event].parse(payload) as Parameters<ServerToClientEvents[E]>[0];

/** The next `event` the socket hears, or a failure after `ms`. */
export function next<E extends keyof ServerToClientEvents>(
  socket: ChatSocket,
  event: E,
  ms = 5000,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    socket.once(event, ((payload: unknown) => {
      clearTimeout(timer);
      try {
        resolve(checked(event, payload));
      } catch (error) {
        reject(error as Error);
      }
    }) as never);
  });
}

/** Everything the socket hears of `event` from now on. */
export function collect<E extends keyof ServerToClientEvents>(socket: ChatSocket, event: E) {
  const heard: Parameters<ServerToClientEvents[E]>[0][] = [];
  socket.on(event, ((payload: unknown) => heard.push(checked(event, payload))) as never);
  return heard;
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
