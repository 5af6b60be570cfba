import { upcastEvent } from '@secretchatbox/contracts';
import type { SqlExecutor } from '@secretchatbox/database';
import { isAfter, type Position, type RecordedEvent } from '@secretchatbox/event-store';
import type { ProjectedEvent, Projection } from '../projection.js';
import { saveCheckpoints } from './checkpoints.js';

/** A recorded event through the one upcasting step that command-side loads share; null for unknown types. */
export function toProjectedEvent(recorded: RecordedEvent): ProjectedEvent | null {
  const event = upcastEvent(recorded);
  if (!event) return null;
  // Built field by field: a spread of the event cost a rebuild more than the handlers' own work.
  return {
    type: event.type,
    data: event.data,
    metadata: event.metadata,
    streamId: recorded.streamId,
    revision: recorded.revision,
    position: recorded.position,
    recordedAt: recorded.recordedAt,
  } as ProjectedEvent;
}

/**
 * Applies a batch to several projections and moves their checkpoints past it, in the caller's
 * transaction. A projection takes only the events after its own checkpoint (`applied`; absent for
 * one starting from the first event), and one already past the whole batch is left alone: its
 * checkpoint never moves back. No two projections write the same table, so the order in which
 * they take an event does not matter. Returns the names of the projections it moved on.
 */
export async function applyBatch(
  tx: SqlExecutor,
  projections: readonly Projection[],
  batch: readonly RecordedEvent[],
  applied: ReadonlyMap<string, Position> = new Map(),
): Promise<readonly string[]> {
  const last = batch.at(-1);
  const behind = last ? projections.filter(({ name }) => isAfter(last.position, applied.get(name))) : [];
  if (!last || behind.length === 0) return [];
  // Read models are derived: a crash that loses this commit loses its checkpoint with it, and the
  // events are applied again. So the commit need not wait for its WAL flush.
  await tx.query('SET LOCAL synchronous_commit = off');
  for (const recorded of batch) {
    const event = toProjectedEvent(recorded);
    if (!event) continue;
    for (const projection of behind) {
      if (!isAfter(recorded.position, applied.get(projection.name))) continue;
      if (projection.handles.includes(event.type)) await projection.apply(event, tx);
    }
  }
  const names = behind.map((projection) => projection.name);
  await saveCheckpoints(tx, names, { position: last.position, recordedAt: last.recordedAt });
  return names;
}
