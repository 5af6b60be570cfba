import { performance } from 'node:perf_hooks';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Closed loop: `concurrency` workers each run `operation(worker)` back to back until the time is
 * up. Only operations that finish inside the measured window (after the warm-up) are timed, and
 * the rate counts only those that succeeded: an operation that resolves to `false` failed (its
 * caller counts why). `operations` is every operation run, warm-up included.
 */
export async function runClosedLoop({ concurrency, warmupMs, durationMs, operation }) {
  const measureFrom = performance.now() + warmupMs;
  const end = measureFrom + durationMs;
  const latencies = [];
  let succeeded = 0;
  let operations = 0;
  const worker = async (index) => {
    while (performance.now() < end) {
      const started = performance.now();
      const ok = (await operation(index)) !== false;
      const finished = performance.now();
      operations += 1;
      if (finished < measureFrom || finished >= end) continue;
      latencies.push(finished - started);
      if (ok) succeeded += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, index) => worker(index)));
  return { completed: latencies.length, succeeded, perSecond: succeeded / (durationMs / 1000), latencies, operations };
}

/**
 * Open loop: issues `operation(sequence)` at `ratePerSecond` on a schedule, without waiting for
 * earlier operations, so a slow server shows up as latency instead of a lower offered rate.
 * Resolves once every issued operation has settled.
 */
export async function runPaced({ ratePerSecond, durationMs, operation }) {
  const started = performance.now();
  const inFlight = new Set();
  let issued = 0;
  while (performance.now() - started < durationMs) {
    const due = Math.floor(((performance.now() - started) * ratePerSecond) / 1000);
    for (; issued < due; issued += 1) {
      const settled = operation(issued).finally(() => inFlight.delete(settled));
      inFlight.add(settled);
    }
    await sleep(1);
  }
  await Promise.all(inFlight);
  return { issued, elapsedMs: performance.now() - started };
}
