import { ConnectedSocket, MessageBody, SubscribeMessage, WebSocketGateway } from '@nestjs/websockets';
import {
  clientEventSchemas,
  type ClientToServerEvents,
  type FeedWatchAck,
  messages,
  type ServerToClientEvents,
  socketEvents,
} from '@secretchatbox/contracts';
import type { Socket } from 'socket.io';
import { KnownColleges } from '../common/known-colleges.js';
import { feedRoom, isFeedRoom } from './socket-broadcasts.js';
import type { InterServerEvents } from './realtime-server.js';

type FeedSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents>;

/**
 * A board that is open watches its college's feed: any socket, with a session or without, since
 * the feed is public. Watching another college stops watching the first.
 */
@WebSocketGateway({ cors: false })
export class FeedGateway {
  constructor(private readonly colleges: KnownColleges) {}

  @SubscribeMessage(socketEvents.feedWatch)
  async watch(@ConnectedSocket() socket: FeedSocket, @MessageBody() request: unknown): Promise<FeedWatchAck> {
    const parsed = clientEventSchemas['feed:watch'].safeParse(request);
    if (!parsed.success) return { ok: false, message: parsed.error.issues[0]!.message };
    if (!(await this.colleges.exists(parsed.data.collegeCode))) return { ok: false, message: messages.unknownCollege };
    const room = feedRoom(parsed.data.collegeCode);
    for (const joined of socket.rooms) if (isFeedRoom(joined) && joined !== room) await socket.leave(joined);
    await socket.join(room);
    return { ok: true };
  }
}
