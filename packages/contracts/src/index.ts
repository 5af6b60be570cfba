export * from './api/index.js';
export * from './events/index.js';
export * from './rules/index.js';
export * from './socket/index.js';
