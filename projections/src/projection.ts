import type { DomainEventType, EventOfType } from '@secretchatbox/contracts';
import type { Row, SqlExecutor } from '@secretchatbox/database';
import type { Position } from '@secretchatbox/event-store';

/** A domain event as read back from the store, with its id. */
export type ProjectedEvent<T extends DomainEventType = DomainEventType> = EventOfType<T> &
  Readonly<{ id: string; streamId: string; revision: number; position: Position; recordedAt: Date }>;

type Handlers<T extends DomainEventType> = {
  readonly [K in T]: (event: ProjectedEvent<K>, tx: SqlExecutor) => Promise<void>;
};

/** A read of what a batch changed, with its parameters. */
export type BatchReport = Readonly<{ sql: string; params: readonly unknown[] }>;

/** What a projection reported of a batch it applied: the rows of its report, as of that batch. */
export type ReportedRows = Readonly<{ projection: string; rows: readonly Row[] }>;

/**
 * Builds read-model tables from events. `apply` runs inside the runner's transaction, together
 * with the checkpoint, so it must write only through `tx`. `report`, when given, names a read of
 * what the batch's events (those it handles) changed, which the runner sends with the batch's
 * writes and hands to its listeners: what the commands behind those events would otherwise read
 * back, each with a query of its own.
 */
export type Projection = Readonly<{
  name: string;
  handles: readonly DomainEventType[];
  apply(event: ProjectedEvent, tx: SqlExecutor): Promise<void>;
  /**
   * When given, the runner hands the projection a batch's events (those it handles, in log order)
   * at once instead of one by one through `apply`: a projection that writes a row for most events
   * writes them with one statement per table.
   */
  applyAll?(events: readonly ProjectedEvent[], tx: SqlExecutor): Promise<void>;
  report?(events: readonly ProjectedEvent[]): BatchReport | null;
}>;

/** A projection from one handler per event type it handles; the handled types are the keys. */
export function defineProjection<T extends DomainEventType>(
  name: string,
  on: Handlers<T>,
  report?: Projection['report'],
): Projection {
  const handlers = on as unknown as Partial<
    Record<DomainEventType, (event: ProjectedEvent, tx: SqlExecutor) => Promise<void>>
  >;
  return {
    name,
    handles: Object.keys(on) as T[],
    async apply(event, tx) {
      await handlers[event.type]?.(event, tx);
    },
    ...(report ? { report } : {}),
  };
}
