import { performance } from 'node:perf_hooks';
import { apiPaths, pathTo, rateLimits } from '@secretchatbox/contracts';
import { failureTally } from './failures.js';
import { failureKind, httpClient, jsonBody, send } from './http-client.js';
import { runClosedLoop, runPaced } from './load.js';

const togglesPerConfession = (visitors) => visitors.length + Math.ceil(visitors.length / 2);

/**
 * The `n`th toggle (from 0) of `visitors` on `confessions`, one confession after the other: every
 * visitor toggles it, then the first half of them toggle it back.
 */
export function nthToggle(visitors, confessions, n) {
  const perConfession = togglesPerConfession(visitors);
  return {
    id: confessions[Math.floor(n / perConfession) % confessions.length],
    token: visitors[(n % perConfession) % visitors.length],
  };
}

/**
 * Like toggles (POST /api/confessions/{id}/like) by workers. Worker `w` toggles as its own
 * visitors `visitorsOf(w)` on `confessionsOf(w)` (nthToggle; on the first pass: likes, then
 * unlikes), so that each visitor's `liked` alternates on every confession within a few passes.
 * A worker's connection leaves from a fresh network address for every
 * `rateLimits.likes.limit` toggles, which keeps each network within its limit. Every answer
 * must be a 200 that `ledger` finds consistent with the toggles sent: the visitor's `liked`
 * flipped, and `likes` possible.
 */
function likeTogglers(baseUrl, ledger, { visitorsOf, confessionsOf, nextAddress, concurrency }) {
  const workers = Array.from({ length: concurrency }, (_, index) => ({
    visitors: visitorsOf(index),
    confessions: confessionsOf(index),
    toggles: 0,
    client: null,
    allowance: 0,
  }));
  const failures = failureTally();
  const sent = { likesSent: 0, unlikesSent: 0 };
  const nextTicket = (worker) => {
    const { visitors, confessions } = worker;
    for (let attempt = 0; attempt < togglesPerConfession(visitors) * confessions.length; attempt += 1) {
      const { id, token } = nthToggle(visitors, confessions, worker.toggles);
      worker.toggles += 1;
      const ticket = ledger.start(token, id);
      if (ticket) return { ticket, token, id };
    }
    throw new Error('Every visitor of a like worker lost track of its likes');
  };
  /** One toggle by worker `index`: false when it failed (counted by kind). */
  const toggle = async (index) => {
    const worker = workers[index];
    if (worker.allowance === 0) {
      worker.client?.close();
      worker.client = httpClient(baseUrl, { localAddress: nextAddress(), connections: 1 });
      worker.allowance = rateLimits.likes.limit;
    }
    worker.allowance -= 1;
    const { ticket, token, id } = nextTicket(worker);
    if (ticket.expected) sent.likesSent += 1;
    else sent.unlikesSent += 1;
    const path = pathTo(apiPaths.likeConfession, { id });
    const response = await send(worker.client, 'POST', path, { body: {}, token });
    if (response.status !== 200) {
      ledger.finish(ticket, null);
      failures.add(failureKind(response));
      return false;
    }
    const problem = ledger.finish(ticket, jsonBody(response));
    if (problem) failures.add(problem);
    return !problem;
  };
  return {
    toggle,
    outcome: () => ({ ...sent, failures: failures.counts }),
    close: () => workers.forEach((worker) => worker.client?.close()),
  };
}

/** Closed loop of like toggles by `concurrency` workers (likeTogglers), each back to back. */
export async function measureLikes(baseUrl, ledger, settings) {
  const togglers = likeTogglers(baseUrl, ledger, settings);
  try {
    const result = await runClosedLoop({ ...settings, operation: togglers.toggle });
    return { ...result, ...togglers.outcome() };
  } finally {
    togglers.close();
  }
}

/**
 * Like toggles offered at `ratePerSecond` for `warmupMs`, then for `durationMs`, taken by
 * `concurrency` workers (likeTogglers) in turn, each worker's one after the other. Only the
 * toggles due after the warm-up are timed: the warm-up opens the workers' connections, which
 * otherwise all come in the same few milliseconds at the start. The latency of each runs from the
 * moment it was due, so a toggle that waits for its worker's previous one, or for a slow server,
 * counts that wait.
 */
export async function measurePacedLikes(baseUrl, ledger, { ratePerSecond, warmupMs, durationMs, ...settings }) {
  const togglers = likeTogglers(baseUrl, ledger, settings);
  const previous = Array.from({ length: settings.concurrency }, () => Promise.resolve());
  const latencies = [];
  let succeeded = 0;
  let operations = 0;
  try {
    const started = performance.now();
    const measureFrom = started + warmupMs;
    await runPaced({
      ratePerSecond,
      durationMs: warmupMs + durationMs,
      operation: (sequence) => {
        const index = sequence % settings.concurrency;
        const due = started + (sequence * 1000) / ratePerSecond;
        previous[index] = previous[index].then(async () => {
          const ok = await togglers.toggle(index);
          operations += 1;
          if (due < measureFrom) return;
          if (ok) succeeded += 1;
          latencies.push(performance.now() - due);
        });
        return previous[index];
      },
    });
    return {
      perSecond: succeeded / (durationMs / 1000),
      latencies,
      // Every toggle, the warm-up's too, as the CPU time measured around this covers them all.
      operations,
      ...togglers.outcome(),
    };
  } finally {
    togglers.close();
  }
}
