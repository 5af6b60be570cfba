import { upcastEvent } from '@secretchatbox/contracts';
import type { Transaction } from '@secretchatbox/database';
import { isAfter, type Position, type RecordedEvent } from '@secretchatbox/event-store';
import type { ProjectedEvent, Projection, ReportedRows } from '../projection.js';
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
    id: recorded.id,
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
 * they take an event does not matter. Returns the names of the projections it moved on, and
 * with `reporting`, their reports of the batch (`Projection.report`), which arrive with the commit.
 */
export async function applyBatch(
  tx: Transaction,
  projections: readonly Projection[],
  batch: readonly RecordedEvent[],
  applied: ReadonlyMap<string, Position> = new Map(),
  reporting = false,
): Promise<Readonly<{ moved: readonly string[]; reports: readonly Promise<ReportedRows>[] }>> {
  const last = batch.at(-1);
  const behind = last ? projections.filter(({ name }) => isAfter(last.position, applied.get(name))) : [];
  if (!last || behind.length === 0) return { moved: [], reports: [] };
  const toReport = new Map<Projection, ProjectedEvent[]>();
  const whole = new Map<Projection, ProjectedEvent[]>(
    behind.filter((projection) => projection.applyAll).map((projection) => [projection, []]),
  );
  // Read models are derived: a crash that loses this commit loses its checkpoint with it, and the
  // events are applied again. So the commit need not wait for its WAL flush.
  await tx.query('SET LOCAL synchronous_commit = off');
  for (const recorded of batch) {
    const event = toProjectedEvent(recorded);
    if (!event) continue;
    for (const projection of behind) {
      if (!isAfter(recorded.position, applied.get(projection.name))) continue;
      if (!projection.handles.includes(event.type)) continue;
      const batchOf = whole.get(projection);
      if (batchOf) batchOf.push(event);
      else await projection.apply(event, tx);
      if (!reporting || !projection.report) continue;
      const events = toReport.get(projection);
      if (events) events.push(event);
      else toReport.set(projection, [event]);
    }
  }
  // No two projections write the same table, so these may follow the others' writes.
  for (const [projection, events] of whole) if (events.length > 0) await projection.applyAll!(events, tx);
  const reports = [...toReport].flatMap(([projection, events]) => {
    const report = projection.report!(events);
    if (!report || !tx.readWithWrites) return [];
    const reported = tx
      .readWithWrites(report.sql, report.params)
      .then((rows) => ({ projection: projection.name, rows }));
    // Awaited by the caller once the transaction is over; a failure fails the transaction first.
    reported.catch(() => undefined);
    return [reported];
  });
  const names = behind.map((projection) => projection.name);
  await saveCheckpoints(tx, names, { position: last.position, recordedAt: last.recordedAt });
  return { moved: names, reports };
}
