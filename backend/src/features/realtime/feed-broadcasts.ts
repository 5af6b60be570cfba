import { Injectable } from '@nestjs/common';
import { type ConfessionPublishedNotice, socketEvents } from '@secretchatbox/contracts';
import type { RealtimeServer } from './realtime-server.js';

/** The socket.io room of the sockets watching a college's feed (chat rooms are named by their UUIDs). */
export const feedRoom = (collegeCode: string) => `feed:${collegeCode}`;
export const isFeedRoom = (room: string) => room.startsWith('feed:');

/** What the commands push to the boards watching a college's feed, on every instance. */
@Injectable()
export class FeedBroadcasts {
  private server: RealtimeServer | null = null;

  attach(server: RealtimeServer): void {
    this.server = server;
  }

  confessionPublished(notice: ConfessionPublishedNotice): void {
    this.server?.to(feedRoom(notice.collegeCode)).emit(socketEvents.feedPublished, notice);
  }
}
