export * from './error-codes.js';
export * from './ids.js';
export * from './limits.js';
export * from './messages.js';
export * from './schemas.js';
export * from './text.js';
