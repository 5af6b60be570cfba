import type { RecordedEvent } from '../event-store.js';
import type { ReadPage } from './polling-subscription.js';

export type EventRow = {
  event_id: string;
  stream_id: string;
  revision: string;
  type: string;
  data: unknown;
  metadata: unknown;
  commit_position: string;
  prepare_position: string;
  recorded_at: Date | string;
  safe?: boolean;
};

export function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    streamId: row.stream_id,
    revision: Number(row.revision),
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    position: { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) },
    recordedAt: row.recorded_at instanceof Date ? row.recorded_at : new Date(row.recorded_at),
  };
}

/**
 * A page of "all" as a read answered it, each row saying whether it is safe to pass yet: its
 * events up to the first that is not (the horizon), and whether any lie beyond.
 */
export function pageOf(rows: readonly EventRow[]): ReadPage {
  const unsafe = rows.findIndex((row) => !row.safe);
  const safe = unsafe < 0 ? rows : rows.slice(0, unsafe);
  return { events: safe.map(toRecordedEvent), blocked: safe.length < rows.length };
}
