export * from './errors.js';
export type * from './event-store.js';
export * from './position.js';
export { canRecall } from './recalling.js';
export { PostgresEventStore } from './postgres/postgres-event-store.js';
export { eventStoreSchema } from './postgres/schema.js';
