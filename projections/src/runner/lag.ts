import type { Database } from '@secretchatbox/database';
import { type EventStore, formatPosition, type Position, type RecordedEvent } from '@secretchatbox/event-store';
import type { Projection } from '../projection.js';
import { readCheckpoints } from './checkpoints.js';

export type ProjectionLag = Readonly<{ name: string; lagMs: number }>;

export type ProjectionBacklog = ProjectionLag &
  Readonly<{
    /** Where the projection's checkpoint stands; null before it has applied anything. */
    checkpoint: Position | null;
    /** Events after the checkpoint, counted up to the `maxEvents` asked for. */
    events: number;
  }>;

/** How long the oldest event a projection has not applied yet has been waiting (0 when caught up). */
export async function measureLag(
  db: Database,
  store: EventStore,
  projections: readonly Projection[],
  now: Date,
): Promise<ProjectionLag[]> {
  const backlog = await measureBacklog(db, store, projections, now, 1);
  return backlog.map(({ name, lagMs }) => ({ name, lagMs }));
}

/**
 * Each projection's checkpoint and what waits after it: how many events (at most `maxEvents`, so
 * that a projection far behind costs one bounded read) and how long the oldest has waited.
 */
export async function measureBacklog(
  db: Database,
  store: EventStore,
  projections: readonly Projection[],
  now: Date,
  maxEvents: number,
): Promise<ProjectionBacklog[]> {
  const checkpoints = await readCheckpoints(
    db,
    projections.map((projection) => projection.name),
  );
  // The projections of one runner usually share a checkpoint: one read serves them all.
  const reads = new Map<string, Promise<RecordedEvent[]>>();
  const eventsAfter = (checkpoint: Position | null) => {
    const key = checkpoint ? formatPosition(checkpoint) : 'start';
    let read = reads.get(key);
    if (!read) reads.set(key, (read = store.readAll({ after: checkpoint, maxCount: maxEvents })));
    return read;
  };
  return Promise.all(
    projections.map(async ({ name }) => {
      const checkpoint = checkpoints.get(name)?.position ?? null;
      const waiting = await eventsAfter(checkpoint);
      const oldest = waiting[0];
      const lagMs = oldest ? Math.max(0, now.getTime() - oldest.recordedAt.getTime()) : 0;
      return { name, checkpoint, events: waiting.length, lagMs };
    }),
  );
}
