import { EventEmitter } from 'node:events';
import { type Database, type Lease, sharedNotifier } from '@secretchatbox/database';
import type { EventStore, Position, RecordedEvent } from '@secretchatbox/event-store';
import type { Projection } from '../projection.js';
import { applyBatch } from './apply-batch.js';
import { inBatches } from './batches.js';
import { readCheckpoints } from './checkpoints.js';

export const progressChannel = 'projection_progress';

const timedOut = Symbol('timed out');

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
  /** How long the checkpoint may lag behind batches with no event this projection handles. */
  checkpointDelayMs?: number;
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
  private readonly otherProcesses: ReturnType<typeof sharedNotifier>;

  constructor(
    private readonly db: Database,
    private readonly store: EventStore,
    readonly projection: Projection,
    private readonly options: ProjectionRunnerOptions = {},
  ) {
    // One notifier for all the runners of this process: waiters elsewhere only need to know that
    // some projection moved on, and then read the checkpoints they wait for.
    this.otherProcesses = sharedNotifier(db, progressChannel);
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
    const batches = inBatches(subscription, this.options.batchSize ?? 500);
    const delayMs = this.options.checkpointDelayMs ?? 50;
    // A batch with nothing this projection handles changes no table: its checkpoint may wait, up
    // to `delayMs`, for the next batch that writes anyway. Waiters in this process hear at once;
    // no waiter elsewhere waits on this projection for events it does not handle.
    let unsaved: RecordedEvent | null = null;
    let savedAt = Date.now();
    let next: Promise<IteratorResult<RecordedEvent[]>> | null = null;
    try {
      while (!leaseLost) {
        next ??= batches.next();
        const result = unsaved ? await Promise.race([next, this.delay(savedAt + delayMs - Date.now())]) : await next;
        let batch: RecordedEvent[];
        if (result === timedOut) {
          batch = [unsaved!];
        } else if (result.done) {
          break;
        } else {
          batch = result.value;
          next = null;
          if (!this.handlesAny(batch) && Date.now() - savedAt < delayMs) {
            unsaved = batch.at(-1)!;
            this.progress.emit('position', unsaved.position);
            continue;
          }
        }
        if (leaseLost) break;
        await lease.transaction((tx) => applyBatch(tx, this.projection, batch));
        unsaved = null;
        savedAt = Date.now();
        this.announce(batch.at(-1)!.position);
      }
    } finally {
      this.stopCurrent = null;
      await subscription.close();
      await batches.return(undefined);
    }
  }

  private handlesAny(batch: readonly RecordedEvent[]): boolean {
    return batch.some((event) => (this.projection.handles as readonly string[]).includes(event.type));
  }

  private delay(ms: number): Promise<typeof timedOut> {
    return new Promise((resolve) => setTimeout(() => resolve(timedOut), Math.max(0, ms)).unref());
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
