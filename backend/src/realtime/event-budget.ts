import { type ClosingNotice, limits, messages, socketEvents } from '@secretchatbox/contracts';
import type { Socket } from 'socket.io';
import type { Metrics } from '../infrastructure/metrics.js';

type Budget = Readonly<{ burst: number; perSecond: number; closeAtDebt: number }>;
export type Draw = 'spent' | 'dropped' | 'close';

/**
 * A token bucket that may run into debt: a draw without a token is dropped and deepens the debt,
 * which the refill pays back; at `closeAtDebt` the sender has kept going long past its budget.
 */
export class EventBudget {
  private tokens: number;
  private updatedAt: number;

  constructor(
    private readonly budget: Budget,
    now: number,
  ) {
    this.tokens = budget.burst;
    this.updatedAt = now;
  }

  draw(now: number): Draw {
    const refill = ((now - this.updatedAt) / 1000) * this.budget.perSecond;
    this.tokens = Math.min(this.budget.burst, this.tokens + refill) - 1;
    this.updatedAt = now;
    if (this.tokens >= 0) return 'spent';
    return this.tokens <= -this.budget.closeAtDebt ? 'close' : 'dropped';
  }
}

/**
 * Holds every event the socket sends, of any name (an unknown one costs as much as a known one),
 * to the socket's budget: an event past it is never handled, and a socket that keeps sending is
 * told why and closed.
 */
export function holdToEventBudget(socket: Socket, metrics: Metrics, budget: Budget = limits.socketEventBudget): void {
  const events = new EventBudget(budget, Date.now());
  socket.use((_event, next) => {
    const draw = events.draw(Date.now());
    if (draw === 'spent') return next();
    if (draw === 'close' && socket.connected) {
      metrics.socketRefused('event_budget');
      socket.emit(socketEvents.closing, { message: messages.tooManySocketEvents } satisfies ClosingNotice);
      socket.disconnect(true);
    }
  });
}
