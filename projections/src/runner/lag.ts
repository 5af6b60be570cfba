import type { Database } from '@secretchatbox/database';
import type { EventStore } from '@secretchatbox/event-store';
import type { Projection } from '../projection.js';
import { readCheckpoints } from './checkpoints.js';

export type ProjectionLag = Readonly<{ name: string; lagMs: number }>;

/** How long the oldest event a projection has not applied yet has been waiting (0 when caught up). */
export async function measureLag(
  db: Database,
  store: EventStore,
  projections: readonly Projection[],
  now: Date,
): Promise<ProjectionLag[]> {
  const checkpoints = await readCheckpoints(
    db,
    projections.map((projection) => projection.name),
  );
  return Promise.all(
    projections.map(async ({ name }) => {
      const [next] = await store.readAll({ after: checkpoints.get(name)?.position ?? null, maxCount: 1 });
      return { name, lagMs: next ? Math.max(0, now.getTime() - next.recordedAt.getTime()) : 0 };
    }),
  );
}
