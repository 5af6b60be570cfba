import type { Database, Lease } from '@secretchatbox/database';

export type LeasedLoopOptions = Readonly<{
  /** How often a standby tries to take the lease. */
  standbyRetryMs: number;
  /** Pause before trying again after `whileHeld` failed. */
  failureRetryMs: number;
  /**
   * The work done while the lease is held. `ending` settles when the lease is lost or the loop is
   * told to stop, possibly before the work has set itself up; the work returns soon after.
   */
  whileHeld(lease: Lease, ending: Promise<void>): Promise<void>;
  onActive(): void;
  onFailure(error: Error): void;
}>;

/** Whether this process holds a loop's lease now, and how many times it has taken it. */
export type LeaseStatus = Readonly<{ held: boolean; acquisitions: number }>;

/**
 * Does work while holding the advisory locks `keys`, one process at a time: the others stand by
 * and take over when the holder stops or dies. A failure releases the lease, pauses, and starts
 * again. What the projection runner and the audit chain's writer share.
 */
export class LeasedLoop {
  private stopped = false;
  private running: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private readonly stopping: Promise<void>;
  private markStopping!: () => void;
  private held = false;
  private acquisitions = 0;

  constructor(
    private readonly db: Database,
    private readonly keys: readonly string[],
    private readonly options: LeasedLoopOptions,
  ) {
    this.stopping = new Promise((resolve) => (this.markStopping = resolve));
  }

  start(): void {
    this.running ??= this.loop();
  }

  /** For the metrics, which read it when scraped: keeping it costs the loop nothing. */
  get status(): LeaseStatus {
    return { held: this.held, acquisitions: this.acquisitions };
  }

  /** Stops: the work in progress hears it through `ending`, and the loop returns. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.markStopping();
    this.wake?.();
    await this.running;
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      const lease = await this.db.tryLease(this.keys).catch(() => null);
      if (!lease) {
        await this.pause(this.options.standbyRetryMs);
        continue;
      }
      // Taken while being told to stop (a stopping holder may just have released it).
      if (this.stopped) {
        await lease.release();
        break;
      }
      this.held = true;
      this.acquisitions += 1;
      this.options.onActive();
      try {
        await this.options.whileHeld(lease, Promise.race([lease.lost, this.stopping]));
      } catch (error) {
        this.options.onFailure(error as Error);
        await this.pause(this.options.failureRetryMs);
      } finally {
        this.held = false;
        await lease.release();
      }
    }
  }

  private pause(ms: number): Promise<void> {
    if (this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}
