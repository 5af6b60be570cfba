import type { RateLimitRule } from '@secretchatbox/contracts';

export type Hit = Readonly<{ count: number; resetInSeconds: number }>;

/** What a store needs of a rule: the windows of one bucket all last as long. */
export type RateLimitWindow = Pick<RateLimitRule, 'bucket' | 'windowSeconds'>;

/**
 * Counts hits per bucket and subject (a network's key, a hashed username, or both) in fixed
 * windows that begin with their first hit. In memory for one process; Redis for a cluster.
 */
export interface RateLimitStore {
  hit(window: RateLimitWindow, subject: string, now: Date): Promise<Hit>;
  /** Takes back one hit of the window running at `now`, if it is still running. */
  undo(window: RateLimitWindow, subject: string, now: Date): Promise<void>;
}

/**
 * The windows of one bucket, in the order they began, so also in the order they end: forgetting
 * the ended ones takes only those, never a walk over the running ones. A window is a slot of three
 * parallel arrays rather than an object, and its subject is the caller's string, not a key built
 * per hit: a store holds every network seen for a whole window (docs/performance.md, "soak").
 */
class BucketWindows {
  private subjects: string[] = [];
  private endsAt: number[] = [];
  private counts: number[] = [];
  /** Slots before this one hold ended windows, already forgotten. */
  private firstRunning = 0;
  /** How many slots were dropped from the front of the arrays: a place minus this is a slot. */
  private dropped = 0;
  /** Each running window's place: its slot plus `dropped`, so that dropping slots moves no place. */
  private readonly places = new Map<string, number>();

  constructor(private readonly lengthMs: number) {}

  get size(): number {
    return this.places.size;
  }

  hit(subject: string, at: number): Hit {
    let slot = this.runningSlot(subject, at);
    if (slot === undefined) {
      slot = this.subjects.length;
      this.places.set(subject, this.dropped + slot);
      this.subjects.push(subject);
      this.endsAt.push(at + this.lengthMs);
      this.counts.push(0);
    }
    const count = this.counts[slot]! + 1;
    this.counts[slot] = count;
    return { count, resetInSeconds: Math.ceil((this.endsAt[slot]! - at) / 1000) };
  }

  undo(subject: string, at: number): void {
    const slot = this.runningSlot(subject, at);
    if (slot !== undefined && this.counts[slot]! > 0) this.counts[slot]! -= 1;
  }

  /**
   * The slot of the subject's window running at `at`. One found ended was begun before the clock
   * was set back, and is still queued behind windows that run.
   */
  private runningSlot(subject: string, at: number): number | undefined {
    const place = this.places.get(subject);
    if (place === undefined) return undefined;
    const slot = place - this.dropped;
    return this.endsAt[slot]! > at ? slot : undefined;
  }

  forgetEnded(at: number): void {
    for (
      let ends = this.endsAt[this.firstRunning];
      ends !== undefined && ends <= at;
      ends = this.endsAt[this.firstRunning]
    ) {
      const subject = this.subjects[this.firstRunning]!;
      // Unless the subject's place was taken by a window begun since.
      if (this.places.get(subject) === this.dropped + this.firstRunning) this.places.delete(subject);
      this.firstRunning += 1;
    }
    // Drops the forgotten slots once they are the larger part: the arrays stay within twice the running windows.
    if (this.firstRunning > 1024 && this.firstRunning * 2 > this.subjects.length) {
      this.subjects = this.subjects.slice(this.firstRunning);
      this.endsAt = this.endsAt.slice(this.firstRunning);
      this.counts = this.counts.slice(this.firstRunning);
      this.dropped += this.firstRunning;
      this.firstRunning = 0;
    }
  }
}

export class InMemoryRateLimitStore implements RateLimitStore {
  private readonly buckets = new Map<string, BucketWindows>();

  /** How many windows are running. */
  get size(): number {
    let size = 0;
    for (const bucket of this.buckets.values()) size += bucket.size;
    return size;
  }

  async hit(window: RateLimitWindow, subject: string, now: Date): Promise<Hit> {
    const at = now.getTime();
    this.forgetEnded(at);
    let bucket = this.buckets.get(window.bucket);
    if (!bucket) this.buckets.set(window.bucket, (bucket = new BucketWindows(window.windowSeconds * 1000)));
    return bucket.hit(subject, at);
  }

  async undo(window: RateLimitWindow, subject: string, now: Date): Promise<void> {
    this.forgetEnded(now.getTime());
    this.buckets.get(window.bucket)?.undo(subject, now.getTime());
  }

  /** Every bucket's, so that a bucket no longer hit does not hold its networks. */
  private forgetEnded(at: number): void {
    for (const bucket of this.buckets.values()) bucket.forgetEnded(at);
  }
}
