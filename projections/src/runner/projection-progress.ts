import type { DomainEventType } from '@secretchatbox/contracts';
import type { Database } from '@secretchatbox/database';
import { comparePositions, type Position } from '@secretchatbox/event-store';
import type { Projection } from '../projection.js';
import { readCheckpoints } from './checkpoints.js';
import { progressChannel, type ProjectionRunner } from './projection-runner.js';

export class ProjectionTimeoutError extends Error {
  override readonly name = 'ProjectionTimeoutError';
  constructor(readonly projections: readonly string[]) {
    super(`Projections not caught up in time: ${projections.join(', ')}`);
  }
}

/**
 * Read-your-writes: waits until every projection that handles the given event types, or every
 * projection, has applied a position. Progress arrives from runners in this process at once, from other
 * processes by NOTIFY, and by polling the checkpoints as the fallback.
 */
export class ProjectionProgress {
  private readonly known = new Map<string, Position>();
  private readonly waiters = new Set<() => void>();
  private stopListening: (() => Promise<void>) | null = null;
  private localRunners: readonly ProjectionRunner[] = [];
  private readonly names: readonly string[];

  constructor(
    private readonly db: Database,
    private readonly projections: readonly Projection[],
    private readonly pollIntervalMs = 50,
  ) {
    this.names = projections.map((projection) => projection.name);
  }

  async start(localRunners: readonly ProjectionRunner[]): Promise<void> {
    this.localRunners = localRunners;
    for (const runner of localRunners) {
      runner.onProgress((position) => {
        for (const { name } of runner.projections) this.record(name, position);
      });
    }
    this.stopListening = await this.db.listen(progressChannel, () => this.wakeAll());
  }

  async stop(): Promise<void> {
    await this.stopListening?.();
  }

  /** Resolves once the read models that `types` feed include `position`; throws after `timeoutMs`. */
  waitFor(position: Position, types: readonly DomainEventType[], timeoutMs: number): Promise<void> {
    const names = this.projections.filter((p) => p.handles.some((type) => types.includes(type))).map((p) => p.name);
    return this.waitUntilReached(names, position, timeoutMs);
  }

  /** Resolves once every read model includes `position`; throws after `timeoutMs`. */
  waitForEvery(position: Position, timeoutMs: number): Promise<void> {
    return this.waitUntilReached(this.names, position, timeoutMs);
  }

  private async waitUntilReached(names: readonly string[], position: Position, timeoutMs: number): Promise<void> {
    const behind = () => names.filter((name) => !this.reached(name, position));
    if (behind().length === 0) return;
    const deadline = Date.now() + timeoutMs;
    while (true) {
      await this.refresh(behind().filter((name) => !this.runsHere(name)));
      const lagging = behind();
      if (lagging.length === 0) return;
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new ProjectionTimeoutError(lagging);
      await this.nextSignal(Math.min(remaining, this.pollIntervalMs));
      if (behind().length === 0) return;
    }
  }

  /** A projection active in this process reports its progress directly; reading it back would be wasted I/O. */
  private runsHere(name: string): boolean {
    return this.localRunners.some((runner) => runner.isActive && runner.runs(name));
  }

  private reached(name: string, position: Position): boolean {
    const known = this.known.get(name);
    return known !== undefined && comparePositions(known, position) >= 0;
  }

  /**
   * Wakes the waiters only when a projection moved on. Waking them for a checkpoint already
   * known made waiters wake each other in a loop of checkpoint reads; on PGlite those resolve
   * without ever yielding to timers, which starved the runners until the waits timed out.
   */
  private record(name: string, position: Position): void {
    const known = this.known.get(name);
    if (known && comparePositions(position, known) <= 0) return;
    this.known.set(name, position);
    this.wakeAll();
  }

  private async refresh(names: readonly string[]): Promise<void> {
    if (names.length === 0) return;
    for (const [name, checkpoint] of await readCheckpoints(this.db, names)) this.record(name, checkpoint.position);
  }

  private wakeAll(): void {
    for (const wake of this.waiters) wake();
  }

  private nextSignal(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.waiters.add(done);
    });
  }
}
