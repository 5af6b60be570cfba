import { performance } from 'node:perf_hooks';

const patienceMs = 120_000;

/** What setupRequest retried: how many answers, and the time they took. */
export const setupRetries = () => ({ count: 0, ms: 0 });

/**
 * A request that prepares a measurement and is not measured. A 503 (the server gave up waiting
 * for its read models, as it does while a transaction open elsewhere on a PostgreSQL server
 * holds the event store back) is retried for up to two minutes and counted in `retries`; any
 * other answer than `status` stops the benchmark.
 */
export async function setupRequest(client, retries, method, path, options, status) {
  const started = performance.now();
  for (;;) {
    const attemptStarted = performance.now();
    const response = await client.request(method, path, options);
    if (response.status === status) return response;
    if (response.status !== 503 || performance.now() - started > patienceMs)
      throw new Error(`${method} ${path} answered ${response.status} while preparing a measurement`);
    retries.count += 1;
    retries.ms += performance.now() - attemptStarted;
  }
}
