export type * from './answers.js';
export type * from './audit.js';
export * from './chat-message.js';
export * from './endpoints.js';
export * from './headers.js';
export * from './paths.js';
export * from './routes.js';
export type * from './types.js';
