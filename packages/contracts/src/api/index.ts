export * from './endpoints.js';
export * from './headers.js';
export type * from './types.js';
