export * from './chat-message.js';
export * from './endpoints.js';
export * from './headers.js';
export * from './paths.js';
export type * from './types.js';
export type * from './audit.js';
