export * from './expectations.js';
export * from './projection-spec.js';
export { event, type Recording, type SpecEvent } from './spec-events.js';
export { seededDataDir } from './seeded-data-dir.js';
