import { Injectable } from '@nestjs/common';
import { comparePositions, type Position } from '@secretchatbox/event-store';
import { ProjectionsService } from './projections.service.js';

/**
 * When the read models may have changed. Read models change only when a projection applies
 * events, and this process's runners report that here at once: each report starts a new
 * generation. Caches of read-model answers keep an entry for one generation only, and only while
 * every projection runs in this process (`seesEveryChange`); otherwise a change applied elsewhere
 * would go unnoticed. So a cached answer never predates a write acknowledged before the request:
 * writes answer once their projections applied them.
 */
@Injectable()
export class ReadModelChanges {
  private current = 0;

  constructor(private readonly projections: ProjectionsService) {
    for (const runner of projections.runners) {
      let known: Position | null = null;
      runner.onProgress((position) => {
        if (known && comparePositions(position, known) <= 0) return;
        known = position;
        this.current += 1;
      });
    }
  }

  get generation(): number {
    return this.current;
  }

  get seesEveryChange(): boolean {
    const { runners } = this.projections;
    return runners.length > 0 && runners.every((runner) => runner.isActive);
  }
}

type Entry<V> = Readonly<{ value: V; generation: number; storedAt: number }>;

/**
 * Answers read from the read models, kept for one generation (`ReadModelChanges`) and at most
 * `maxAgeMs`, and given out only while this process sees every change. Emptied whenever it
 * reaches `maxEntries`.
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
    if (!entry || !this.changes.seesEveryChange || entry.generation !== this.changes.generation) return undefined;
    return Date.now() - entry.storedAt < this.limits.maxAgeMs ? entry.value : undefined;
  }

  /** Keeps `value`, read since `generation`, unless the read models changed meanwhile. */
  set(key: string, value: V, generation: number): void {
    if (!this.changes.seesEveryChange || generation !== this.changes.generation) return;
    if (this.entries.size >= this.limits.maxEntries) this.entries = new Map();
    this.entries.set(key, { value, generation, storedAt: Date.now() });
  }
}
