import { collectDefaultMetrics, Registry } from 'prom-client';

let processMetrics: Registry | null = null;

/**
 * A registry of its own for each application or worker (several may live in one test process),
 * holding Node's default metrics (CPU, memory, event loop, garbage collection). Those describe the
 * process, so they are gathered once per process and shared: gathering them again for each
 * registry would leave behind a GC observer and an event-loop monitor per application.
 */
export function createMetricsRegistry(): Registry {
  if (!processMetrics) {
    processMetrics = new Registry();
    collectDefaultMetrics({ register: processMetrics });
  }
  return Registry.merge([processMetrics, new Registry()]);
}
