import { EventEmitter } from 'node:events';
import { CoalescedNotifier, type Database, type Lease } from '@secretchatbox/database';
import type { EventStore, Position } from '@secretchatbox/event-store';
import type { Projection } from '../projection.js';
import { applyBatch } from './apply-batch.js';
import { inBatches } from './batches.js';
import { readCheckpoints } from './checkpoints.js';

export const progressChannel = 'projection_progress';

export type RunnerLogger = Readonly<{
  info(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}>;

export type ProjectionRunnerOptions = Readonly<{
  batchSize?: number;
  /** How often a standby runner tries to take over the projection. */
  standbyRetryMs?: number;
  /** Pause before retrying after a failed batch. */
  failureRetryMs?: number;
  logger?: RunnerLogger;
}>;

const silent: RunnerLogger = { info: () => undefined, error: () => undefined };

/**
 * Feeds every event to one projection. Only the process holding the projection's lease runs it;
 * the others stand by. Each batch of read-model changes commits in one transaction with the
 * checkpoint, so a crash anywhere loses nothing and applies nothing twice.
 */
export class ProjectionRunner {
  private readonly progress = new EventEmitter().setMaxListeners(0);
  private stopped = false;
  private running: Promise<void> | null = null;
  private stopCurrent: (() => Promise<void>) | null = null;
  private wakeStandby: (() => void) | null = null;
  private active = false;
  private readonly otherProcesses: CoalescedNotifier;

  constructor(
    private readonly db: Database,
    private readonly store: EventStore,
    readonly projection: Projection,
    private readonly options: ProjectionRunnerOptions = {},
  ) {
    this.otherProcesses = new CoalescedNotifier(db, progressChannel, projection.name);
  }

  /** True while this process holds the lease and applies events. */
  get isActive(): boolean {
    return this.active;
  }

  start(): void {
    this.running ??= this.loop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wakeStandby?.();
    await this.stopCurrent?.();
    await this.running;
    this.otherProcesses.close();
  }

  /** Calls `listener` with each position this runner has committed. */
  onProgress(listener: (position: Position) => void): () => void {
    this.progress.on('position', listener);
    return () => this.progress.off('position', listener);
  }

  private get logger(): RunnerLogger {
    return this.options.logger ?? silent;
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      const lease = await this.db.tryLease(`projection:${this.projection.name}`).catch(() => null);
      if (!lease) {
        await this.pause(this.options.standbyRetryMs ?? 1000);
        continue;
      }
      this.active = true;
      this.logger.info('projection active', { projection: this.projection.name });
      try {
        await this.runWhileLeased(lease);
      } catch (error) {
        this.logger.error('projection failed; retrying from its checkpoint', {
          projection: this.projection.name,
          error: (error as Error).message,
        });
        await this.pause(this.options.failureRetryMs ?? 1000);
      } finally {
        this.active = false;
        await lease.release();
      }
    }
  }

  private async runWhileLeased(lease: Lease): Promise<void> {
    const checkpoints = await readCheckpoints(this.db, [this.projection.name]);
    const subscription = this.store.subscribeToAll({ after: checkpoints.get(this.projection.name)?.position ?? null });
    this.stopCurrent = () => subscription.close();
    let leaseLost = false;
    void lease.lost.then(() => {
      leaseLost = true;
      void subscription.close();
    });
    try {
      for await (const batch of inBatches(subscription, this.options.batchSize ?? 500)) {
        if (leaseLost) break;
        await lease.transaction((tx) => applyBatch(tx, this.projection, batch));
        this.announce(batch.at(-1)!.position);
      }
    } finally {
      this.stopCurrent = null;
      await subscription.close();
    }
  }

  private announce(position: Position): void {
    this.progress.emit('position', position);
    this.otherProcesses.signal();
  }

  private pause(ms: number): Promise<void> {
    if (this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wakeStandby = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}
