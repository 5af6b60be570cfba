import { type BeforeApplicationShutdown, Inject } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  type OnGatewayConnection,
  type OnGatewayDisconnect,
  type OnGatewayInit,
  SubscribeMessage,
  WebSocketGateway,
} from '@nestjs/websockets';
import {
  anonymousChatNickname,
  clientEventSchemas,
  type ClientToServerEvents,
  type JoinRoomAck,
  limits,
  messages,
  type ServerToClientEvents,
  socketEvents,
  type TypingNotice,
} from '@secretchatbox/contracts';
import type { Database } from '@secretchatbox/database';
import { findChatRoom } from '@secretchatbox/projections';
import type { Socket } from 'socket.io';
import { isUuid } from '../common/ids.js';
import { Draining } from '../infrastructure/draining.js';
import type { Redis } from '../infrastructure/redis.js';
import { DATABASE, REDIS } from '../infrastructure/tokens.js';
import { PresenceAnnouncer } from './presence-announcer.js';
import { type InterServerEvents, interServerEvents, type RealtimeServer } from './realtime-server.js';
import { SocketBroadcasts } from './socket-broadcasts.js';
import { identityOf } from './socket-identity.js';
import { InProcessRoomPresence, type RoomPresence } from './room-presence.js';
import { recountMs, RedisRoomPresence } from './redis-room-presence.js';

type SocketState = {
  room: string | null;
  /** Whom presence counts: the identity, or the socket itself without one. */
  presenceKey: string;
  /**
   * The socket's room changes (joins, its disconnect), one after the other in the order they came:
   * two joins sent at once, or a join and a disconnect, would otherwise each find the socket in no
   * room yet, and leave it in two rooms or counted after it left.
   */
  roomChanges: Promise<unknown>;
  lastStartRelayedAt: number;
  /** The nickname of the start last relayed, while the socket is typing: its stop names it too. */
  typingAs: string | null;
};
type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketState>;

/**
 * Live chat over socket.io on the API's own port. A socket joins one room at a time; the room
 * hears `updateOnlineCount` whenever its visitors change, and `userTyping` from the others' typing.
 * The handshake's token (visitor or admin) says who the socket is (socket-identity.ts): without one
 * it may read, and counts as one visitor, but not type.
 */
@WebSocketGateway({ cors: false })
export class RealtimeGateway
  implements OnGatewayInit, OnGatewayConnection, OnGatewayDisconnect, BeforeApplicationShutdown
{
  private readonly presence: RoomPresence;
  private announcer!: PresenceAnnouncer;
  private recounting: NodeJS.Timeout | null = null;
  /** Set once the application closes: the sockets then leave without telling anyone. */
  private closing = false;

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(REDIS) redis: Redis | null,
    private readonly broadcasts: SocketBroadcasts,
    private readonly draining: Draining,
  ) {
    this.presence = redis ? new RedisRoomPresence(redis) : new InProcessRoomPresence();
  }

  afterInit(server: RealtimeServer): void {
    this.broadcasts.attach(server);
    // Closing the transport, not the socket.io session: a client told `io server disconnect` would
    // stay away, while one whose connection dropped reconnects, through the load balancer, to an
    // instance that is not draining, and its features join their rooms and read what they missed.
    this.draining.whenBegun(() => server.sockets.sockets.forEach((socket) => socket.conn.close()));
    const presence = this.presence;
    const announcer = new PresenceAnnouncer(server, presence, presence instanceof RedisRoomPresence);
    this.announcer = announcer;
    if (presence instanceof RedisRoomPresence) {
      server.sockets.on(interServerEvents.onlineCount, (room, online) => announcer.counted(room, online));
      const recountAll = () => presence.localRooms().forEach((room) => announcer.recount(room));
      this.recounting = setInterval(recountAll, recountMs).unref();
    }
  }

  handleConnection(socket: RealtimeSocket): void {
    Object.assign(socket.data, {
      room: null,
      presenceKey: `socket:${socket.id}`,
      roomChanges: Promise.resolve(),
      lastStartRelayedAt: 0,
      typingAs: null,
    } satisfies SocketState);
  }

  @SubscribeMessage(socketEvents.joinRoom)
  joinRoom(@ConnectedSocket() socket: RealtimeSocket, @MessageBody() roomId: unknown): Promise<JoinRoomAck> {
    return this.inTurn(socket, () => this.moveTo(socket, roomId));
  }

  @SubscribeMessage(socketEvents.leaveRoom)
  async leave(@ConnectedSocket() socket: RealtimeSocket, @MessageBody() roomId: unknown): Promise<void> {
    const parsed = clientEventSchemas.leaveRoom.safeParse(roomId);
    if (!parsed.success) return;
    // A leave that crossed a join to another room leaves that one alone.
    await this.inTurn(socket, async () => {
      if (socket.data.room === parsed.data.toLowerCase()) await this.leaveRoom(socket);
    });
  }

  @SubscribeMessage(socketEvents.typing)
  typing(@ConnectedSocket() socket: RealtimeSocket, @MessageBody() notice: unknown): void {
    const parsed = clientEventSchemas.typing.safeParse(notice);
    const state = socket.data;
    if (!parsed.success || parsed.data.roomId !== state.room || !identityOf(socket).chatId) return;
    this.relayTyping(socket, parsed.data);
  }

  async handleDisconnect(socket: RealtimeSocket): Promise<void> {
    if (!this.closing) await this.inTurn(socket, () => this.leaveRoom(socket));
  }

  /** Before socket.io and Redis close: this instance's visitors leave the counts in one step. */
  async beforeApplicationShutdown(): Promise<void> {
    this.closing = true;
    if (this.recounting) clearInterval(this.recounting);
    this.announcer.stop();
    await this.presence.close();
  }

  private inTurn<T>(socket: RealtimeSocket, change: () => Promise<T>): Promise<T> {
    const turn = socket.data.roomChanges.then(change);
    socket.data.roomChanges = turn.catch(() => undefined);
    return turn;
  }

  /** Into the room `roomId` names, if it is open; a refusal leaves the socket where it was. */
  private async moveTo(socket: RealtimeSocket, roomId: unknown): Promise<JoinRoomAck> {
    const parsed = clientEventSchemas.joinRoom.safeParse(roomId);
    const room = parsed.success && isUuid(parsed.data) ? await findChatRoom(this.db, parsed.data.toLowerCase()) : null;
    if (!room) return { ok: false, message: messages.roomNotFound };
    const state = socket.data;
    if (state.room === room.id) return { ok: true, roomId: room.id };
    state.presenceKey = identityOf(socket).chatId ?? state.presenceKey;
    await this.leaveRoom(socket);
    state.room = room.id;
    await socket.join(room.id);
    await this.presence.enter(room.id, state.presenceKey);
    this.announcer.changed(room.id);
    return { ok: true, roomId: room.id };
  }

  /**
   * A start at most once per interval, also after a stop (or starts and stops sent in turn would
   * all go out); a stop whenever the start before it went out. Never stored.
   */
  private relayTyping(socket: RealtimeSocket, { roomId, nickname, isTyping }: TypingNotice): void {
    const state = socket.data;
    const now = Date.now();
    if (isTyping && now - state.lastStartRelayedAt < limits.typingRelayIntervalMs) return;
    if (!isTyping && !state.typingAs) return;
    const typist = isTyping ? (nickname ?? anonymousChatNickname) : state.typingAs!;
    state.typingAs = isTyping ? typist : null;
    if (isTyping) state.lastStartRelayedAt = now;
    socket.to(roomId).emit(socketEvents.userTyping, { nickname: typist, isTyping });
  }

  private async leaveRoom(socket: RealtimeSocket): Promise<void> {
    const state = socket.data;
    const room = state.room;
    if (!room) return;
    this.relayTyping(socket, { roomId: room, isTyping: false });
    state.room = null;
    await socket.leave(room);
    await this.presence.leave(room, state.presenceKey);
    this.announcer.changed(room);
  }
}
