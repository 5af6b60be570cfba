import { Inject, Injectable } from '@nestjs/common';
import { type Database, TurnBatch } from '@secretchatbox/database';
import { comparePositions, type Position } from '@secretchatbox/event-store';
import { allProjections, readCheckpoints } from '@secretchatbox/projections';
import { ProjectionsService } from './projections.service.js';
import { DATABASE } from './tokens.js';

const projectionNames = allProjections.map((projection) => projection.name);
const positionText = (position: Position | undefined) => (position ? `${position.commit}/${position.prepare}` : '-');

/**
 * When the read models may have changed. Read models change only when a projection applies
 * events, and each change starts a new generation; caches of read-model answers keep an entry for
 * one generation only. While every projection runs in this process (`seesEveryChange`), its
 * runners report each change here at once. Otherwise (a cluster's API instance, a standby) the
 * projections' checkpoints are read before a cached answer is given out, once per turn of the
 * event loop for every request of that turn (`catchUp`): a checkpoint that moved starts a
 * generation. The checkpoints are written in the transaction of the changes they record, and a
 * write answers once its projections' checkpoints include it, so a cached answer never predates a
 * write acknowledged before the request, through whichever instance.
 */
@Injectable()
export class ReadModelChanges {
  private current = 0;
  /** The checkpoints as last read, as text: another text is another generation. */
  private checkpointsRead = '';
  private readonly checkpointReads: TurnBatch<void, void>;

  constructor(
    private readonly projections: ProjectionsService,
    @Inject(DATABASE) db: Database,
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
      const read = projectionNames.map((name) => positionText(checkpoints.get(name)?.position)).join(' ');
      if (read !== this.checkpointsRead) {
        this.checkpointsRead = read;
        this.current += 1;
      }
      return requests.map(() => undefined);
    });
  }

  get generation(): number {
    return this.current;
  }

  private get seesEveryChange(): boolean {
    const { runners } = this.projections;
    return runners.length > 0 && runners.every((runner) => runner.isActive);
  }

  /** Brings `generation` up to the read models as they stand now, as far as this process cannot see them change. */
  async catchUp(): Promise<void> {
    if (!this.seesEveryChange) await this.checkpointReads.ask();
  }
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

  /** The generation to hand to `set` for an answer read from now on: ask it after `get`, which catches up. */
  get generation(): number {
    return this.changes.generation;
  }

  async get(key: string): Promise<V | undefined> {
    await this.changes.catchUp();
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
