export type Hit = Readonly<{ count: number; resetInSeconds: number }>;

/** Counts hits per key in fixed windows. In memory for one process; shared stores come with multi-instance. */
export interface RateLimitStore {
  hit(key: string, windowSeconds: number, now: Date): Promise<Hit>;
  /** Takes back one hit of the window running at `now`, if it is still running. */
  undo(key: string, now: Date): Promise<void>;
}

export class InMemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  async hit(key: string, windowSeconds: number, now: Date): Promise<Hit> {
    const at = now.getTime();
    this.sweep(at);
    let window = this.windows.get(key);
    if (!window || window.endsAt <= at) {
      window = { count: 0, endsAt: at + windowSeconds * 1000 };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, resetInSeconds: Math.ceil((window.endsAt - at) / 1000) };
  }

  async undo(key: string, now: Date): Promise<void> {
    const window = this.windows.get(key);
    if (window && window.endsAt > now.getTime() && window.count > 0) window.count -= 1;
  }

  /** Forgets ended windows now and then, so memory follows active networks only. */
  private sweep(at: number): void {
    if (this.windows.size < 10_000) return;
    for (const [key, window] of this.windows) if (window.endsAt <= at) this.windows.delete(key);
  }
}
