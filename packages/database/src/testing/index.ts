export * from './test-databases.js';
export * from './until.js';
export * from './cuttable-proxy.js';
export { pgliteTemplate, type TestSchema } from './templates.js';
