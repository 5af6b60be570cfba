import { Logger } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  type OnGatewayDisconnect,
  type OnGatewayInit,
  SubscribeMessage,
  WebSocketGateway,
} from '@nestjs/websockets';
import {
  clientEventSchemas,
  type ClientToServerEvents,
  messages,
  type PairAck,
  type PairFindAck,
  type ServerToClientEvents,
  socketEvents,
} from '@secretchatbox/contracts';
import type { Socket } from 'socket.io';
import { DomainError } from '../../common/errors.js';
import type { InterServerEvents, RealtimeServer } from '../../realtime/realtime-server.js';
import { identityOf } from '../../realtime/socket-identity.js';
import { Pairing, type WaitingSeat } from './pairing.service.js';

type PairingState = {
  /** The queue this socket waits in, if it does. */
  waitingSeat?: WaitingSeat | null;
  /** What this socket's pairing requests wait for: they run one after the other, as they came. */
  pairingTurn?: Promise<unknown>;
};
type PairingSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, PairingState>;

/**
 * Random pairing over the chat's socket (same port, same handshake). Only a visitor's socket may
 * pair. Every request is answered through its acknowledgement: done, or refused with the reason.
 */
@WebSocketGateway({ cors: false })
export class PairingGateway implements OnGatewayInit, OnGatewayDisconnect {
  private readonly logger = new Logger('PairingGateway');

  constructor(private readonly pairing: Pairing) {}

  afterInit(server: RealtimeServer): void {
    this.pairing.attach(server);
  }

  @SubscribeMessage(socketEvents.pairFind)
  find(@ConnectedSocket() socket: PairingSocket, @MessageBody() request: unknown): Promise<PairFindAck> {
    return this.inTurn(socket, async (sessionId) => {
      const parsed = clientEventSchemas['pair:find'].safeParse(request);
      if (!parsed.success) return { status: 'refused', message: parsed.error.issues[0]!.message };
      await this.withdraw(socket);
      const seat = this.pairing.seatOf(sessionId, socket.id, parsed.data.nickname ?? null);
      return this.pairing.find(seat, parsed.data, (waiting) => (socket.data.waitingSeat = waiting));
    }).then((answer): PairFindAck => {
      if (!('ok' in answer)) return answer;
      return answer.ok
        ? { status: 'refused', message: messages.internalError }
        : { status: 'refused', message: answer.message };
    });
  }

  @SubscribeMessage(socketEvents.pairSend)
  send(@ConnectedSocket() socket: PairingSocket, @MessageBody() message: unknown): Promise<PairAck> {
    return this.inTurn(socket, async (sessionId) => {
      const parsed = clientEventSchemas['pair:send'].safeParse(message);
      if (!parsed.success) return { ok: false, message: parsed.error.issues[0]!.message };
      return this.pairing.send(this.pairing.seatOf(sessionId, socket.id, null), parsed.data.content);
    });
  }

  @SubscribeMessage(socketEvents.pairSkip)
  skip(@ConnectedSocket() socket: PairingSocket): Promise<PairAck> {
    return this.endAs(socket, 'skipped');
  }

  @SubscribeMessage(socketEvents.pairBlock)
  block(@ConnectedSocket() socket: PairingSocket): Promise<PairAck> {
    return this.endAs(socket, 'blocked');
  }

  @SubscribeMessage(socketEvents.pairReport)
  report(@ConnectedSocket() socket: PairingSocket, @MessageBody() report: unknown): Promise<PairAck> {
    return this.inTurn(socket, async (sessionId) => {
      const parsed = clientEventSchemas['pair:report'].safeParse(report);
      if (!parsed.success) return { ok: false, message: parsed.error.issues[0]!.message };
      const { reason, note } = parsed.data;
      return this.pairing.end(this.pairing.seatOf(sessionId, socket.id, null), 'reported', {
        reason,
        note: note || null,
      });
    });
  }

  /** Out of the queue, or out of the pair: whichever the socket is in. */
  @SubscribeMessage(socketEvents.pairLeave)
  leave(@ConnectedSocket() socket: PairingSocket): Promise<PairAck> {
    return this.inTurn(socket, async (sessionId) => {
      if (await this.withdraw(socket)) return { ok: true };
      return this.pairing.end(this.pairing.seatOf(sessionId, socket.id, null), 'left');
    });
  }

  async handleDisconnect(socket: PairingSocket): Promise<void> {
    // A socket that never asked to pair is in no queue and no pair.
    if (!socket.data.pairingTurn || !identityOf(socket).visitorSessionId) return;
    await this.inTurn(socket, async (sessionId) => {
      if (await this.withdraw(socket)) return { ok: true };
      return this.pairing.end(this.pairing.seatOf(sessionId, socket.id, null), 'disconnected');
    }).catch(() => undefined);
  }

  private endAs(socket: PairingSocket, reason: 'skipped' | 'blocked'): Promise<PairAck> {
    return this.inTurn(socket, (sessionId) =>
      this.pairing.end(this.pairing.seatOf(sessionId, socket.id, null), reason),
    );
  }

  /** Takes the socket out of the queue it waits in; false when it waited nowhere. */
  private async withdraw(socket: PairingSocket): Promise<boolean> {
    const waiting = socket.data.waitingSeat;
    if (!waiting) return false;
    socket.data.waitingSeat = null;
    await this.pairing.withdraw(waiting);
    return true;
  }

  /**
   * Runs a request of the socket's visitor after the socket's earlier ones: a find and a leave sent
   * together must not both see the socket outside any queue. A socket without a visitor's session
   * is refused; a refusal of the domain is the answer, anything else is logged and answered plainly.
   */
  private inTurn<A extends PairAck | PairFindAck>(
    socket: PairingSocket,
    request: (sessionId: string) => Promise<A>,
  ): Promise<A | PairAck> {
    const state = socket.data;
    const turn = (state.pairingTurn ?? Promise.resolve()).then(async () => {
      const sessionId = identityOf(socket).visitorSessionId;
      if (!sessionId) return { ok: false, message: messages.pairingNeedsSession } satisfies PairAck;
      try {
        return await request(sessionId);
      } catch (error) {
        if (error instanceof DomainError) {
          const retry = error.retryAfterSeconds ? { retryAfterSeconds: error.retryAfterSeconds } : {};
          return { ok: false, message: error.message, ...retry } satisfies PairAck;
        }
        this.logger.error(error);
        return { ok: false, message: messages.internalError } satisfies PairAck;
      }
    });
    state.pairingTurn = turn.catch(() => undefined);
    return turn;
  }
}
