import type { DomainEventType, EventOfType } from '@secretchatbox/contracts';
import type { SqlExecutor } from '@secretchatbox/database';
import type { Position } from '@secretchatbox/event-store';

/** A domain event as read back from the store. */
export type ProjectedEvent<T extends DomainEventType = DomainEventType> = EventOfType<T> &
  Readonly<{ streamId: string; revision: number; position: Position; recordedAt: Date }>;

type Handlers<T extends DomainEventType> = {
  readonly [K in T]: (event: ProjectedEvent<K>, tx: SqlExecutor) => Promise<void>;
};

/**
 * Builds read-model tables from events. `apply` runs inside the runner's transaction, together
 * with the checkpoint, so it must write only through `tx`.
 */
export type Projection = Readonly<{
  name: string;
  handles: readonly DomainEventType[];
  apply(event: ProjectedEvent, tx: SqlExecutor): Promise<void>;
}>;

/** A projection from one handler per event type it handles; the handled types are the keys. */
export function defineProjection<T extends DomainEventType>(name: string, on: Handlers<T>): Projection {
  const handlers = on as unknown as Partial<
    Record<DomainEventType, (event: ProjectedEvent, tx: SqlExecutor) => Promise<void>>
  >;
  return {
    name,
    handles: Object.keys(on) as T[],
    async apply(event, tx) {
      await handlers[event.type]?.(event, tx);
    },
  };
}
