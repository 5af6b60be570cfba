export type * from './database.js';
export { DatabaseUnavailableError } from './database-unavailable.js';
export { CoalescedNotifier, sharedNotifier } from './coalesced-notifier.js';
export * from './migrations.js';
export * from './open-database.js';
export { freshPgliteFolder, type Schema, writeNewDatabaseFolder } from './fresh-pglite.js';
export { PgliteDatabase } from './pglite-database.js';
export { TurnBatch } from './turn-batch.js';
export { keyLookupPlans } from './key-lookup-plans.js';
