export * from './test-databases.js';
export * from './until.js';
