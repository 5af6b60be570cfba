import { Injectable } from '@nestjs/common';
import {
  type ChatMessage,
  type ConfessionPublishedNotice,
  type MessageRemovedNotice,
  socketEvents,
} from '@secretchatbox/contracts';
import { Metrics } from '../infrastructure/metrics.js';
import { localSocketCounts } from './local-socket-counts.js';
import type { RealtimeServer } from './realtime-server.js';

/** The socket.io room of the sockets watching a college's feed (chat rooms are named by their UUIDs). */
export const feedRoom = (collegeCode: string) => `feed:${collegeCode}`;
export const isFeedRoom = (room: string) => room.startsWith('feed:');

/**
 * What the commands push to the sockets: to a chat room, or to the boards watching a college's
 * feed. The socket.io server's adapter carries each push to every instance (in process, or
 * through Redis when `REDIS_URL` is set).
 */
@Injectable()
export class SocketBroadcasts {
  private server: RealtimeServer | null = null;

  constructor(private readonly metrics: Metrics) {}

  /** Called by the gateway once socket.io is up; pushes before that have no socket to reach. */
  attach(server: RealtimeServer): void {
    this.server = server;
    this.metrics.countSocketsWith(() => localSocketCounts(server));
  }

  messagePosted(message: ChatMessage): void {
    this.server?.to(message.roomId).emit(socketEvents.receiveMessage, message);
  }

  messageRemoved(notice: MessageRemovedNotice): void {
    this.server?.to(notice.roomId).emit(socketEvents.messageRemoved, notice);
  }

  confessionPublished(notice: ConfessionPublishedNotice): void {
    this.server?.to(feedRoom(notice.collegeCode)).emit(socketEvents.feedPublished, notice);
  }
}
