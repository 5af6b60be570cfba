import { Inject } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  type OnGatewayDisconnect,
  type OnGatewayInit,
  SubscribeMessage,
  WebSocketGateway,
  WebSocketServer,
  WsException,
} from '@nestjs/websockets';
import type { Database } from '@secretchatbox/database';
import { roomExists } from '@secretchatbox/projections';
import type { Server, Socket } from 'socket.io';
import { isUuid } from '../../common/ids.js';
import { VisitorSessions } from '../../identity/visitor-sessions.js';
import { DATABASE } from '../../infrastructure/tokens.js';
import { RoomPresence } from './room-presence.js';
import { type RealtimeServer, RoomBroadcasts } from './room-broadcasts.js';

type SocketState = { visitor: string; room: string | null };

/**
 * Live updates over socket.io on the API's own port. A visitor joins one room at a time; the
 * room hears `updateOnlineCount` whenever its number of distinct visitors changes.
 */
@WebSocketGateway({ cors: false })
export class RealtimeGateway implements OnGatewayInit, OnGatewayDisconnect {
  @WebSocketServer() private readonly server!: Server;
  private readonly presence = new RoomPresence();

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly visitors: VisitorSessions,
    private readonly broadcasts: RoomBroadcasts,
  ) {}

  afterInit(server: RealtimeServer): void {
    this.broadcasts.attach(server);
  }

  @SubscribeMessage('joinRoom')
  async joinRoom(@ConnectedSocket() socket: Socket, @MessageBody() roomId: unknown): Promise<{ ok: true }> {
    // Room ids are UUIDs: anything else is no room, and is never a query the database would refuse.
    if (typeof roomId !== 'string' || !isUuid(roomId) || !(await roomExists(this.db, roomId)))
      throw new WsException('Unknown room');
    const state = await this.stateOf(socket);
    if (state.room === roomId) return { ok: true };
    this.leaveRoom(socket, state);
    await socket.join(roomId);
    state.room = roomId;
    this.server.to(roomId).emit('updateOnlineCount', this.presence.enter(roomId, state.visitor));
    return { ok: true };
  }

  handleDisconnect(socket: Socket): void {
    const state = socket.data as Partial<SocketState>;
    if (state.visitor) this.leaveRoom(socket, state as SocketState);
  }

  private leaveRoom(socket: Socket, state: SocketState): void {
    if (!state.room) return;
    const room = state.room;
    state.room = null;
    void socket.leave(room);
    this.server.to(room).emit('updateOnlineCount', this.presence.leave(room, state.visitor));
  }

  /** Counts a visitor once across tabs when the handshake carries a valid session token. */
  private async stateOf(socket: Socket): Promise<SocketState> {
    const data = socket.data as Partial<SocketState>;
    if (data.visitor) return data as SocketState;
    const token: unknown = socket.handshake.auth?.token;
    let visitor = `anonymous:${socket.id}`;
    if (typeof token === 'string') visitor = (await this.visitors.resolve(token)) ?? visitor;
    Object.assign(data, { visitor, room: null });
    return data as SocketState;
  }
}
