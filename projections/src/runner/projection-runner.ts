import { EventEmitter } from 'node:events';
import { type Database, type Lease, sharedNotifier } from '@secretchatbox/database';
import { comparePositions, type EventStore, type Position, type RecordedEvent } from '@secretchatbox/event-store';
import type { Projection, ReportedRows } from '../projection.js';
import { applyBatch } from './apply-batch.js';
import { gatherMsOn, inBatches } from './batches.js';
import { LeasedLoop, type LeaseStatus } from './leased-loop.js';
import { readCheckpoints } from './checkpoints.js';

export const progressChannel = 'projection_progress';

const timedOut = Symbol('timed out');

/** The advisory lock that makes one process at a time run a projection. */
export const leaseKey = (projectionName: string) => `projection:${projectionName}`;

export type RunnerLogger = Readonly<{
  info(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}>;

export type ProjectionRunnerOptions = Readonly<{
  batchSize?: number;
  /** How long a batch waits for more events after its first (by default, `gatherMsOn` the database). */
  gatherMs?: number;
  /** How often a standby runner tries to take over the projections. */
  standbyRetryMs?: number;
  /** Pause before retrying after a failed batch. */
  failureRetryMs?: number;
  /** How long the checkpoints may lag behind batches with no event these projections handle. */
  checkpointDelayMs?: number;
  logger?: RunnerLogger;
}>;

export const silentLogger: RunnerLogger = { info: () => undefined, error: () => undefined };

/**
 * Feeds every event to a group of projections (all of a process's, usually). Only the process
 * holding every one of their leases runs them; the others stand by. Each batch of read-model
 * changes, for all of them, commits in one transaction with their checkpoints, so a crash anywhere
 * loses nothing and applies nothing twice, and a batch costs one transaction however many
 * projections it feeds.
 */
export class ProjectionRunner {
  readonly projections: readonly Projection[];
  private readonly progress = new EventEmitter().setMaxListeners(0);
  private readonly leased: LeasedLoop;
  private readonly otherProcesses: ReturnType<typeof sharedNotifier>;

  constructor(
    private readonly db: Database,
    private readonly store: EventStore,
    projections: Projection | readonly Projection[],
    private readonly options: ProjectionRunnerOptions = {},
  ) {
    this.projections = Array.isArray(projections) ? projections : [projections];
    // One notifier for all the runners of this process: waiters elsewhere only need to know that
    // some projection moved on, and then read the checkpoints they wait for.
    this.otherProcesses = sharedNotifier(db, progressChannel);
    const logger = options.logger ?? silentLogger;
    this.leased = new LeasedLoop(db, this.names.map(leaseKey), {
      standbyRetryMs: options.standbyRetryMs ?? 1000,
      failureRetryMs: options.failureRetryMs ?? 1000,
      whileHeld: (lease, ending) => this.runWhileLeased(lease, ending),
      onActive: () => logger.info('projections active', { projections: this.names }),
      onFailure: (error) =>
        logger.error('projections failed; retrying from their checkpoints', {
          projections: this.names,
          error: error.message,
        }),
    });
  }

  /** True while this process holds the leases and applies events. */
  get isActive(): boolean {
    return this.leased.status.held;
  }

  /** The lease on all of its projections: held now, and taken how many times. */
  get leaseStatus(): LeaseStatus {
    return this.leased.status;
  }

  runs(projectionName: string): boolean {
    return this.projections.some((projection) => projection.name === projectionName);
  }

  private get names(): string[] {
    return this.projections.map((projection) => projection.name);
  }

  start(): void {
    this.leased.start();
  }

  async stop(): Promise<void> {
    await this.leased.stop();
    this.otherProcesses.close();
  }

  /** Calls `listener` with each position this runner has committed. */
  onProgress(listener: (position: Position) => void): () => void {
    this.progress.on('position', listener);
    return () => this.progress.off('position', listener);
  }

  /**
   * Calls `listener` with each report of a batch this runner has committed (`Projection.report`),
   * and the batch's last position, before it announces that position to waiters.
   */
  onReport(listener: (report: ReportedRows, position: Position) => void): () => void {
    this.progress.on('report', listener);
    return () => this.progress.off('report', listener);
  }

  private async runWhileLeased(lease: Lease, ending: Promise<void>): Promise<void> {
    const checkpoints = await readCheckpoints(this.db, this.names);
    const applied = new Map([...checkpoints].map(([name, checkpoint]) => [name, checkpoint.position]));
    // The subscription starts at the earliest checkpoint; a projection ahead of it skips what it has.
    const earliest = this.names.some((name) => !applied.has(name))
      ? null
      : [...applied.values()].reduce((a, b) => (comparePositions(a, b) <= 0 ? a : b));
    const subscription = this.store.subscribeToAll({ after: earliest });
    let ended = false;
    void ending.then(() => {
      ended = true;
      void subscription.close();
    });
    const batches = inBatches(
      subscription,
      this.options.batchSize ?? 500,
      this.options.gatherMs ?? gatherMsOn(this.db),
    );
    const delayMs = this.options.checkpointDelayMs ?? 50;
    // A batch with nothing these projections handle changes no table: its checkpoints may wait, up
    // to `delayMs`, for the next batch that writes anyway. Waiters in this process hear at once;
    // no waiter elsewhere waits on these projections for events they do not handle.
    let unsaved: RecordedEvent | null = null;
    let savedAt = Date.now();
    let next: Promise<IteratorResult<RecordedEvent[]>> | null = null;
    try {
      while (!ended) {
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
        if (ended) break;
        const { moved, reports } = await lease.transaction((tx) =>
          applyBatch(tx, this.projections, batch, applied, true),
        );
        const position = batch.at(-1)!.position;
        for (const name of moved) applied.set(name, position);
        unsaved = null;
        savedAt = Date.now();
        for (const report of await Promise.all(reports)) this.progress.emit('report', report, position);
        this.announce(position);
      }
    } finally {
      await subscription.close();
      await batches.return(undefined);
    }
  }

  private handlesAny(batch: readonly RecordedEvent[]): boolean {
    return batch.some((event) =>
      this.projections.some((projection) => (projection.handles as readonly string[]).includes(event.type)),
    );
  }

  private delay(ms: number): Promise<typeof timedOut> {
    return new Promise((resolve) => setTimeout(() => resolve(timedOut), Math.max(0, ms)).unref());
  }

  private announce(position: Position): void {
    this.progress.emit('position', position);
    this.otherProcesses.signal();
  }
}
