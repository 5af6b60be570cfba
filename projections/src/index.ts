export { defineProjection, type ProjectedEvent, type Projection, type ReportedRows } from './projection.js';
export * from './read-models/index.js';
export { migrateReadModels, ProjectionsBusyError, rebuildReadModels } from './rebuild.js';
export { ProjectionProgress, ProjectionTimeoutError } from './runner/projection-progress.js';
export { measureBacklog, measureLag, type ProjectionBacklog, type ProjectionLag } from './runner/lag.js';
export { ProjectionRunner, type RunnerLogger } from './runner/projection-runner.js';
export * from './storage.js';
export * from './audit-chain/index.js';
export * from './metrics/index.js';
