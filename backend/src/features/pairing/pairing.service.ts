import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import {
  limits,
  messages,
  type PairAck,
  type PairEndReason,
  type PairFindAck,
  type PairFindRequest,
  socketEvents,
} from '@secretchatbox/contracts';
import type { Database } from '@secretchatbox/database';
import { findPairExclusions } from '@secretchatbox/projections';
import { DomainError } from '../../common/errors.js';
import { CommandOrigin } from '../../common/event-sourcing/command-origin.js';
import { KnownColleges } from '../../common/known-colleges.js';
import { type CommandContext, EventSourcedCommands } from '../../common/event-sourcing/event-sourced-commands.js';
import { nextQuotaDayStart, quotaDay } from '../../common/quota-day.js';
import type { AppConfig } from '../../config/app-config.js';
import type { Clock } from '../../infrastructure/clock.js';
import { APP_CONFIG, CLOCK, DATABASE } from '../../infrastructure/tokens.js';
import type { RealtimeServer } from '../../realtime/realtime-server.js';
import { endPair, matchPair, type PairReport, type PairState, sendPairMessage } from './pair.decider.js';
import type { ActivePair, PairingQueue, Seat } from './pairing-queue.js';
import { PAIRING_QUEUE } from './pairing.tokens.js';

/** How often an instance looks for pairs whose partner's instance stopped. */
const orphanCheckMs = 2_000;

/** Where a visitor's socket waits for a partner, if it does. */
export type WaitingSeat = Readonly<{ collegeCode: string; seat: Seat }>;

/**
 * Random one-to-one pairing (docs/product.md, Chat): visitors of one college wait in its queue and are
 * matched two by two; the pair's messages, its end and a report of it are events of the pair's
 * stream. Both sides may be on different instances: every push goes to a socket id, which
 * socket.io's adapter delivers wherever that socket is.
 */
@Injectable()
export class Pairing implements OnApplicationShutdown {
  private readonly logger = new Logger('Pairing');
  private server: RealtimeServer | null = null;
  private readonly orphanCheck: NodeJS.Timeout;

  constructor(
    @Inject(PAIRING_QUEUE) private readonly queue: PairingQueue,
    private readonly commands: EventSourcedCommands,
    private readonly colleges: KnownColleges,
    @Inject(DATABASE) private readonly db: Database,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.orphanCheck = setInterval(() => void this.endOrphanedPairs(), orphanCheckMs).unref();
  }

  attach(server: RealtimeServer): void {
    this.server = server;
  }

  seatOf(sessionId: string, socketId: string, nickname: string | null): Seat {
    return { sessionId, socketId, nickname, instanceId: this.queue.instanceId };
  }

  /** Matches the visitor, or has it wait; `onWaiting` keeps where, so that leaving can withdraw it. */
  async find(
    seat: Seat,
    { collegeCode }: PairFindRequest,
    onWaiting: (waiting: WaitingSeat) => void,
  ): Promise<PairFindAck> {
    if (!(await this.colleges.exists(collegeCode))) return { status: 'refused', message: messages.unknownCollege };
    const day = this.today();
    const excluded = await findPairExclusions(this.db, seat.sessionId, day);
    const pairId = randomUUID();
    const outcome = await this.queue.match(collegeCode, seat, excluded, pairId);
    if (outcome.status === 'busy') return { status: 'refused', message: messages.alreadyPaired };
    if (outcome.status === 'waiting') {
      onWaiting({ collegeCode, seat });
      this.server?.to(seat.socketId).emit(socketEvents.pairWaiting);
      return { status: 'waiting' };
    }
    const { partner } = outcome;
    const pair: ActivePair = { pairId, own: seat, partner };
    try {
      await this.commands.run(
        matchPair,
        { pairId, collegeCode, sessionIds: [partner.sessionId, seat.sessionId], quotaDay: day },
        {
          context: { actor: { kind: 'visitor', sessionId: seat.sessionId }, collegeCode },
          origin: CommandOrigin.fresh(),
          onStored: () => {
            this.server?.to(seat.socketId).emit(socketEvents.pairMatched, { pairId, partner: publicSide(partner) });
            this.server?.to(partner.socketId).emit(socketEvents.pairMatched, { pairId, partner: publicSide(seat) });
          },
        },
      );
    } catch (error) {
      await this.queue.release(pair);
      throw error;
    }
    return { status: 'matched' };
  }

  async withdraw({ collegeCode, seat }: WaitingSeat): Promise<void> {
    await this.queue.withdraw(collegeCode, seat);
  }

  /** A message to the partner: to both sides once stored, the sender's other pushes included. */
  async send(seat: Seat, content: string): Promise<PairAck> {
    const pair = await this.pairOf(seat);
    if (!pair) return notPaired;
    const now = this.clock.now();
    const zone = this.config.QUOTA_TIMEZONE;
    const messageId = randomUUID();
    await this.commands.run(
      sendPairMessage,
      {
        pairId: pair.pairId,
        messageId,
        sessionId: seat.sessionId,
        quotaDay: quotaDay(now, zone),
        content,
        sentAt: now,
        limits: {
          daily: limits.dailyChatMessages,
          dayEndsInSeconds: Math.ceil((nextQuotaDayStart(now, zone).getTime() - now.getTime()) / 1000),
        },
      },
      {
        context: ({ pair: state }) => this.contextOf(seat.sessionId, state),
        origin: CommandOrigin.fresh(),
        // Nothing reads the message back: both sides hear it as soon as it is stored.
        onStored: () => {
          const message = { id: messageId, content, fromSessionId: seat.sessionId, createdAt: now.toISOString() };
          this.server?.to([pair.own.socketId, pair.partner.socketId]).emit(socketEvents.pairMessage, message);
        },
      },
    );
    return { ok: true };
  }

  /** Ends the visitor's pair (skip, block, report, leave, or its socket gone); the partner is told why. */
  async end(seat: Seat, reason: PairEndReason, report?: Omit<PairReport, 'reportId'>): Promise<PairAck> {
    const pair = await this.pairOf(seat);
    if (!pair) return notPaired;
    await this.endPair(pair, reason, report);
    return { ok: true };
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.orphanCheck);
    await this.queue.close();
  }

  /** The pair this socket is in: another tab of the same visitor is not. */
  private async pairOf(seat: Seat): Promise<ActivePair | null> {
    const pair = await this.queue.activePair(seat.sessionId);
    return pair?.own.socketId === seat.socketId ? pair : null;
  }

  private async endPair(pair: ActivePair, reason: PairEndReason, report?: Omit<PairReport, 'reportId'>) {
    const { own, partner, pairId } = pair;
    try {
      await this.commands.run(
        endPair,
        {
          pairId,
          reason,
          sessionId: own.sessionId,
          quotaDay: this.today(),
          ...(report ? { report: { ...report, reportId: randomUUID() } } : {}),
        },
        { context: (state) => this.contextOf(own.sessionId, state), origin: CommandOrigin.fresh() },
      );
    } finally {
      // Ended by the partner meanwhile, or not: either way neither side is in this pair any more.
      await this.queue.release(pair);
    }
    this.server?.to(partner.socketId).emit(socketEvents.pairEnded, { reason });
  }

  /** Pairs whose partner's instance stopped: ended for the partner, whose connection went with it. */
  private async endOrphanedPairs(): Promise<void> {
    try {
      for (const pair of await this.queue.orphanedPairs()) {
        const fromPartner: ActivePair = { pairId: pair.pairId, own: pair.partner, partner: pair.own };
        await this.endPair(fromPartner, 'disconnected').catch((error: unknown) => {
          if (!(error instanceof DomainError)) throw error;
        });
      }
    } catch (error) {
      this.logger.warn(`Could not end pairs of a stopped instance: ${String(error)}`);
    }
  }

  private contextOf(sessionId: string, { collegeCode }: PairState): CommandContext {
    return { actor: { kind: 'visitor', sessionId }, ...(collegeCode ? { collegeCode } : {}) };
  }

  private today(): string {
    return quotaDay(this.clock.now(), this.config.QUOTA_TIMEZONE);
  }
}

const notPaired: PairAck = { ok: false, message: messages.notPaired };

const publicSide = ({ sessionId, nickname }: Seat) => ({ sessionId, nickname });
