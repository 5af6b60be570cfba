import { Injectable } from '@nestjs/common';
import { type ChatMessage, type MessageRemovedNotice, socketEvents } from '@secretchatbox/contracts';
import type { RealtimeServer } from './realtime-server.js';

/**
 * What the commands push to the sockets in a chat room. The socket.io server's adapter carries
 * each push to every instance (in process, or through Redis when `REDIS_URL` is set).
 */
@Injectable()
export class RoomBroadcasts {
  private server: RealtimeServer | null = null;

  /** Called by the gateway once socket.io is up; pushes before that have no socket to reach. */
  attach(server: RealtimeServer): void {
    this.server = server;
  }

  messagePosted(message: ChatMessage): void {
    this.server?.to(message.roomId).emit(socketEvents.receiveMessage, message);
  }

  messageRemoved(notice: MessageRemovedNotice): void {
    this.server?.to(notice.roomId).emit(socketEvents.messageRemoved, notice);
  }
}
