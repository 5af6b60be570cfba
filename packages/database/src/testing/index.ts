export * from './test-databases.js';
export * from './until.js';
export * from './cuttable-proxy.js';
export { pgliteTemplate, type TestSchema } from './templates.js';
// The package's root leaves it out, so that pg loads only where a server is opened; tests make
// their own connections with it.
export { PostgresDatabase } from '../postgres-database.js';
