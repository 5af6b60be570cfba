import { isDomainEventType } from '@secretchatbox/contracts';
import type { SqlExecutor } from '@secretchatbox/database';
import type { RecordedEvent } from '@secretchatbox/event-store';
import type { ProjectedEvent, Projection } from '../projection.js';
import { saveCheckpoint } from './checkpoints.js';

export function toProjectedEvent(recorded: RecordedEvent): ProjectedEvent | null {
  if (!isDomainEventType(recorded.type)) return null;
  return {
    type: recorded.type,
    data: recorded.data,
    metadata: recorded.metadata,
    streamId: recorded.streamId,
    revision: recorded.revision,
    position: recorded.position,
    recordedAt: recorded.recordedAt,
  } as ProjectedEvent;
}

/** Applies a batch to one projection and moves its checkpoint past it, in the caller's transaction. */
export async function applyBatch(
  tx: SqlExecutor,
  projection: Projection,
  batch: readonly RecordedEvent[],
): Promise<void> {
  const last = batch.at(-1);
  if (!last) return;
  // Read models are derived: a crash that loses this commit loses its checkpoint with it, and the
  // events are applied again. So the commit need not wait for its WAL flush.
  await tx.query('SET LOCAL synchronous_commit = off');
  for (const recorded of batch) {
    const event = toProjectedEvent(recorded);
    if (event && projection.handles.includes(event.type)) await projection.apply(event, tx);
  }
  await saveCheckpoint(tx, projection.name, { position: last.position, recordedAt: last.recordedAt });
}
