import type { TestSchema } from '@secretchatbox/database/testing';
import { eventStoreSchema } from '../postgres/schema.js';

/** What `PostgresEventStore.open` migrates: a test database that starts with it opens at once. */
export const eventStoreTestSchema: TestSchema = eventStoreSchema;
