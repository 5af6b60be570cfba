import { type BeforeApplicationShutdown, Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { type Database, TurnBatch } from '@secretchatbox/database';
import { comparePositions, formatPosition, type Position } from '@secretchatbox/event-store';
import {
  allProjections,
  ProjectionProgress,
  ProjectionTimeoutError,
  progressChannel,
  readCheckpoints,
} from '@secretchatbox/projections';
import type { AppConfig } from '../config/app-config.js';
import { ProjectionsService } from './projections.service.js';
import { APP_CONFIG, DATABASE } from './tokens.js';

const projectionNames = allProjections.map((projection) => projection.name);
const positionText = (position: Position | undefined) => (position ? formatPosition(position) : '-');

/**
 * When the read models may have changed. Read models change only when a projection applies
 * events, and each change starts a new generation; caches of read-model answers keep an entry for
 * one generation only. While every projection runs in this process (`seesEveryChange`), its
 * runners report each change here at once. Otherwise (a cluster's API instance, a standby) the
 * projections' checkpoints are read again whenever their runners elsewhere announce progress
 * (NOTIFY on `progressChannel`, sent after the checkpoints' commit): a checkpoint that moved
 * starts a generation. A request needs no read of its own, so a cached answer costs no round trip.
 *
 * An announcement reaches each instance a little after the write's answer has left another, so
 * a read made at once through this instance could be answered from the generation before it.
 * The client closes that gap for its own writes: it sends the position of the last one
 * (`readAfterHeader`), and a request whose position lies beyond the checkpoints this process
 * knows waits for a read of them that starts after it arrived (`catchUp`). A write answers once its
 * projections' checkpoints include it, so that read starts the generation that shows it. A like
 * may answer sooner where the projections run in its process
 * (docs/decisions/035-likes-answered-once-stored.md): a read here that names it waits until the
 * projections have applied it (`ProjectionProgress`), then reads the checkpoints again.
 */
@Injectable()
export class ReadModelChanges implements OnModuleInit, BeforeApplicationShutdown {
  private current = 0;
  /** The checkpoints as last read, as text: another text is another generation. */
  private checkpointsRead = '';
  /** The oldest of the checkpoints as last read: every read model includes every write up to it. */
  private everyModelAt: Position | null = null;
  private readonly checkpointReads: TurnBatch<void, void>;
  private stopListening: (() => Promise<void>) | null = null;

  constructor(
    private readonly projections: ProjectionsService,
    @Inject(DATABASE) private readonly db: Database,
    private readonly progress: ProjectionProgress,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'READ_YOUR_WRITES_TIMEOUT_MS'>,
  ) {
    for (const runner of projections.runners) {
      let known: Position | null = null;
      runner.onProgress((position) => {
        if (known && comparePositions(position, known) <= 0) return;
        known = position;
        this.current += 1;
      });
    }
    this.checkpointReads = new TurnBatch(async (requests) => {
      const checkpoints = await readCheckpoints(db, projectionNames);
      const positions = projectionNames.map((name) => checkpoints.get(name)?.position);
      const read = positions.map(positionText).join(' ');
      if (read !== this.checkpointsRead) {
        this.checkpointsRead = read;
        this.current += 1;
      }
      this.everyModelAt = oldestOf(positions);
      return requests.map(() => undefined);
    });
  }

  async onModuleInit(): Promise<void> {
    // A lost announcement delays nothing beyond the caches' age limit.
    this.stopListening = await this.db.listen(progressChannel, () => {
      if (!this.seesEveryChange) this.checkpointReads.ask().catch(() => undefined);
    });
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.stopListening?.();
  }

  get generation(): number {
    return this.current;
  }

  /** Every projection runs in this process: it hears of each change as it is applied. */
  get seesEveryChange(): boolean {
    const { runners } = this.projections;
    return runners.length > 0 && runners.every((runner) => runner.isActive);
  }

  /**
   * Brings `generation` up to a write the client made before this request, at `position` (null
   * when the client sent one this process cannot read: then up to the read models as they stand).
   */
  async catchUp(position: Position | null): Promise<void> {
    if (this.seesEveryChange) {
      if (position) await this.applied(position);
      return;
    }
    if (position && this.includes(position)) return;
    await this.checkpointReads.ask();
    if (!position || this.includes(position)) return;
    // A like answered before its batch, by a process that runs the projections: once the batch
    // is applied there, a read of the checkpoints starts the generation that shows it.
    await this.applied(position);
    await this.checkpointReads.ask();
  }

  private includes(position: Position): boolean {
    return this.everyModelAt !== null && comparePositions(position, this.everyModelAt) <= 0;
  }

  /**
   * Until every projection, here or elsewhere, has applied `position`. A write answers once its
   * read models show it, but a like may answer as soon as it is stored
   * (docs/decisions/035-likes-answered-once-stored.md): a read that names it waits for its batch,
   * at most as long as a write waits for its read models.
   */
  private async applied(position: Position): Promise<void> {
    try {
      await this.progress.waitForEvery(position, this.config.READ_YOUR_WRITES_TIMEOUT_MS);
    } catch (error) {
      if (!(error instanceof ProjectionTimeoutError)) throw error;
    }
  }
}

/** The oldest of `positions`; null when one is missing (a projection that never saved a checkpoint). */
function oldestOf(positions: readonly (Position | undefined)[]): Position | null {
  let oldest: Position | null = null;
  for (const position of positions) {
    if (!position) return null;
    if (!oldest || comparePositions(position, oldest) < 0) oldest = position;
  }
  return oldest;
}

type Entry<V> = Readonly<{ value: V; generation: number; storedAt: number }>;

/**
 * Answers read from the read models, kept for one generation (`ReadModelChanges`) and at most
 * `maxAgeMs`. Emptied whenever it reaches `maxEntries`.
 */
export class GenerationCache<V> {
  private entries = new Map<string, Entry<V>>();

  constructor(
    private readonly changes: ReadModelChanges,
    private readonly limits: Readonly<{ maxEntries: number; maxAgeMs: number }>,
  ) {}

  /** The generation to hand to `set` for an answer read from now on. */
  get generation(): number {
    return this.changes.generation;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.generation !== this.changes.generation) return undefined;
    return Date.now() - entry.storedAt < this.limits.maxAgeMs ? entry.value : undefined;
  }

  /** Keeps `value`, read since `generation`, unless the read models changed meanwhile. */
  set(key: string, value: V, generation: number): void {
    if (generation !== this.changes.generation) return;
    if (this.entries.size >= this.limits.maxEntries) this.entries = new Map();
    this.entries.set(key, { value, generation, storedAt: Date.now() });
  }
}
