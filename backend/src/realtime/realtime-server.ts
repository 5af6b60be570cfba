import type { ClientToServerEvents, ServerToClientEvents } from '@secretchatbox/contracts';
import type { Server } from 'socket.io';

/** Between the instances of Redis mode (through socket.io's adapter), never to a client. */
export const interServerEvents = {
  /** A room's count, which the instance that counted it has just told its own sockets. */
  onlineCount: 'onlineCount',
} as const;

export interface InterServerEvents {
  onlineCount: (room: string, online: number) => void;
}

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents>;
