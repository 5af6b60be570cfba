export { bearerTokenMatches, metricsTokenSchema } from './metrics-token.js';
export {
  type LeaseReport,
  leasesOf,
  maxLagEventsCounted,
  type ProjectionMetricsSource,
  registerProjectionMetrics,
} from './projection-metrics.js';
export { createMetricsRegistry } from './registry.js';
