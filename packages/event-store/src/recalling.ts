import type { EventStore, RecallingEventStore } from './event-store.js';

/** Whether `store` remembers the streams this process read or appended (RecallingEventStore). */
export const canRecall = (store: EventStore): store is RecallingEventStore =>
  typeof (store as Partial<RecallingEventStore>).recall === 'function';
