export * from './events.js';
export * from './schemas.js';
