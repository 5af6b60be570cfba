import { randomUUID } from 'node:crypto';
import type { ActivePair, MatchOutcome, PairingQueue, Seat } from './pairing-queue.js';

/** The queue of a single instance: its own memory, where every socket is. */
export class InProcessPairingQueue implements PairingQueue {
  readonly instanceId = randomUUID();
  private readonly waiting = new Map<string, Seat[]>();
  private readonly pairs = new Map<string, ActivePair>();

  async match(collegeCode: string, seeker: Seat, excluded: readonly string[], pairId: string): Promise<MatchOutcome> {
    if (this.pairs.has(seeker.sessionId)) return { status: 'busy' };
    for (const [college, seats] of this.waiting)
      this.waiting.set(
        college,
        seats.filter((seat) => seat.sessionId !== seeker.sessionId),
      );
    const queue = this.waiting.get(collegeCode) ?? [];
    const partner = queue.find((seat) => !excluded.includes(seat.sessionId));
    if (!partner) {
      this.waiting.set(collegeCode, [...queue, seeker]);
      return { status: 'waiting' };
    }
    this.waiting.set(
      collegeCode,
      queue.filter((seat) => seat !== partner),
    );
    this.pairs.set(seeker.sessionId, { pairId, own: seeker, partner });
    this.pairs.set(partner.sessionId, { pairId, own: partner, partner: seeker });
    return { status: 'matched', partner };
  }

  async withdraw(collegeCode: string, seat: Seat): Promise<void> {
    const queue = this.waiting.get(collegeCode) ?? [];
    this.waiting.set(
      collegeCode,
      queue.filter((waiting) => waiting.socketId !== seat.socketId),
    );
  }

  async activePair(sessionId: string): Promise<ActivePair | null> {
    return this.pairs.get(sessionId) ?? null;
  }

  async release({ pairId, own, partner }: ActivePair): Promise<void> {
    for (const { sessionId } of [own, partner]) {
      if (this.pairs.get(sessionId)?.pairId === pairId) this.pairs.delete(sessionId);
    }
  }

  /** Every socket is in this process: no partner's instance can stop alone. */
  async orphanedPairs(): Promise<ActivePair[]> {
    return [];
  }

  async close(): Promise<void> {}
}
