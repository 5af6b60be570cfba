import { apiPaths, pathTo, rateLimits } from '@secretchatbox/contracts';
import { failureTally } from './failures.js';
import { failureKind, httpClient, jsonBody, send } from './http-client.js';
import { runClosedLoop } from './load.js';

/**
 * Closed loop of like toggles (POST /api/confessions/{id}/like). Worker `w` toggles as its own
 * visitors `visitorsOf(w)` on `confessionsOf(w)`, one confession after the other: every visitor
 * toggles it, then the first half of them toggle it back (on the first pass: likes, then
 * unlikes), so that each visitor's `liked` alternates on every confession within a few passes.
 * A worker's connection leaves from a fresh network address for every
 * `rateLimits.likes.limit` toggles, which keeps each network within its limit. Every answer
 * must be a 200 that `ledger` finds consistent with the toggles sent: the visitor's `liked`
 * flipped, and `likes` possible.
 */
export async function measureLikes(baseUrl, ledger, { visitorsOf, confessionsOf, nextAddress, ...settings }) {
  const workers = Array.from({ length: settings.concurrency }, (_, index) => ({
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
    const perConfession = visitors.length + Math.ceil(visitors.length / 2);
    for (let attempt = 0; attempt < perConfession * confessions.length; attempt += 1) {
      const id = confessions[Math.floor(worker.toggles / perConfession) % confessions.length];
      const token = visitors[(worker.toggles % perConfession) % visitors.length];
      worker.toggles += 1;
      const ticket = ledger.start(token, id);
      if (ticket) return { ticket, token, id };
    }
    throw new Error('Every visitor of a like worker lost track of its likes');
  };
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
  try {
    const result = await runClosedLoop({ ...settings, operation: toggle });
    return { ...result, ...sent, failures: failures.counts };
  } finally {
    for (const worker of workers) worker.client?.close();
  }
}
