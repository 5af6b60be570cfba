/** A visitor waiting for a partner, or one side of a pair: where to reach it, and what the partner sees. */
export type Seat = Readonly<{ sessionId: string; socketId: string; nickname: string | null; instanceId: string }>;

/** The pair a visitor is in, from that visitor's side. */
export type ActivePair = Readonly<{ pairId: string; own: Seat; partner: Seat }>;

export type MatchOutcome =
  Readonly<{ status: 'matched'; partner: Seat }> | Readonly<{ status: 'waiting' }> | Readonly<{ status: 'busy' }>;

/**
 * Who waits for a partner in each college and who is in a pair, shared by every instance. Each
 * method is atomic: of two visitors asking at once, each is matched once or waits.
 */
export interface PairingQueue {
  /** This process's id: a seat names the instance its socket is on. */
  readonly instanceId: string;
  /**
   * Pairs `seeker` (as pair `pairId`) with the visitor of `collegeCode` who has waited longest and
   * is not in `excluded`, or queues it; `busy` when the seeker is already in a pair. A seeker
   * already waiting (another tab, another college) waits only here.
   */
  match(collegeCode: string, seeker: Seat, excluded: readonly string[], pairId: string): Promise<MatchOutcome>;
  /** Out of the college's queue, if that socket is waiting there. */
  withdraw(collegeCode: string, seat: Seat): Promise<void>;
  activePair(sessionId: string): Promise<ActivePair | null>;
  /** Both sides leave the pair. */
  release(pair: ActivePair): Promise<void>;
  /** Pairs of this instance's sockets whose partner's instance stopped without ending them. */
  orphanedPairs(): Promise<ActivePair[]>;
  close(): Promise<void>;
}
