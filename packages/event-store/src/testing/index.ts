export * from './event-store-contract.js';
export { tamperWithStoredEvents } from './tamper-with-stored-events.js';
export { eventStoreTestSchema } from './test-schema.js';
