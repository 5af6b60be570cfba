export type Hit = Readonly<{ count: number; resetInSeconds: number }>;

/** Counts hits per key in fixed windows. In memory for one process; shared stores come with multi-instance. */
export interface RateLimitStore {
  hit(key: string, windowSeconds: number, now: Date): Promise<Hit>;
  /** Takes back one hit of the window running at `now`, if it is still running. */
  undo(key: string, now: Date): Promise<void>;
}

type Window = { readonly key: string; count: number; readonly endsAt: number };

/**
 * Windows of one length, in the order they began, so also in the order they end: forgetting the
 * ended ones takes only those, never a walk over the running ones.
 */
class EndingQueue {
  private windows: Window[] = [];
  private head = 0;

  push(window: Window): void {
    this.windows.push(window);
  }

  *takeEnded(at: number): Generator<Window> {
    for (let next = this.windows[this.head]; next && next.endsAt <= at; next = this.windows[this.head]) {
      this.head += 1;
      yield next;
    }
    // Drops the taken slots once they are the larger part, so the array stays within twice the running windows.
    if (this.head > 1024 && this.head * 2 > this.windows.length) {
      this.windows = this.windows.slice(this.head);
      this.head = 0;
    }
  }
}

export class InMemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, Window>();
  private readonly endingByLength = new Map<number, EndingQueue>();

  /** How many windows are held: the running ones, and ended ones not yet forgotten. */
  get size(): number {
    return this.windows.size;
  }

  async hit(key: string, windowSeconds: number, now: Date): Promise<Hit> {
    const at = now.getTime();
    this.forgetEnded(at);
    let window = this.windows.get(key);
    if (!window || window.endsAt <= at) {
      window = { key, count: 0, endsAt: at + windowSeconds * 1000 };
      this.windows.set(key, window);
      this.queueOf(windowSeconds).push(window);
    }
    window.count += 1;
    return { count: window.count, resetInSeconds: Math.ceil((window.endsAt - at) / 1000) };
  }

  async undo(key: string, now: Date): Promise<void> {
    const window = this.windows.get(key);
    if (window && window.endsAt > now.getTime() && window.count > 0) window.count -= 1;
  }

  private queueOf(windowSeconds: number): EndingQueue {
    let queue = this.endingByLength.get(windowSeconds);
    if (!queue) this.endingByLength.set(windowSeconds, (queue = new EndingQueue()));
    return queue;
  }

  private forgetEnded(at: number): void {
    for (const queue of this.endingByLength.values())
      for (const ended of queue.takeEnded(at))
        // A key whose ended window was already replaced by a running one keeps the running one.
        if (this.windows.get(ended.key) === ended) this.windows.delete(ended.key);
  }
}
