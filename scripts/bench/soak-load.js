import { performance } from 'node:perf_hooks';
import { apiPaths, limits, pathTo, rateLimits } from '@secretchatbox/contracts';
import { sessionsPerNetwork } from './confessions-data.js';
import { failureTally } from './failures.js';
import { failureKind, httpClient, jsonBody, send } from './http-client.js';
import { nthToggle } from './likes-load.js';

/** Visitors a toggler starts on each network: they share its like allowance. */
const likeVisitorsPerNetwork = 8;

/**
 * A network seen for the first time: a fresh address from `nextAddress`, a keep-alive connection
 * from it, and `visitors` sessions started from it (POST /api/session), each a write that counts.
 */
async function freshNetwork(baseUrl, nextAddress, visitors, record) {
  const client = httpClient(baseUrl, { localAddress: nextAddress(), connections: 1 });
  const tokens = [];
  for (let visitor = 0; visitor < visitors; visitor += 1) {
    const response = await send(client, 'POST', apiPaths.session, { body: {} });
    if (!record('sessions', response, 201)) continue;
    tokens.push(jsonBody(response).sessionToken);
  }
  return { client, tokens };
}

/**
 * Runs the soak's writes until `endsAt` (performance.now()), each worker of `submitters` and
 * `togglers` on networks it sees for the first time: a submitter starts a network's sessions and
 * posts each one's daily confessions; a toggler starts visitors on a network and toggles likes on
 * its own confessions of `likeTargets` (nthToggle) until
 * the network's like allowance is used. `ledger` (LikeLedger) checks every like answer. Each
 * success is counted in the minute it finished in, by kind.
 */
export async function runSoak(
  baseUrl,
  { submitters, togglers, likeTargets, ledger, nextAddress, endsAt, collegeCode },
) {
  const started = performance.now();
  const perMinute = { sessions: [], submissions: [], likes: [] };
  const failures = failureTally();
  const record = (kind, response, status) => {
    if (response.status !== status) {
      failures.add(`${kind}: ${failureKind(response)}`);
      return false;
    }
    const minute = Math.floor((performance.now() - started) / 60_000);
    perMinute[kind][minute] = (perMinute[kind][minute] ?? 0) + 1;
    return true;
  };

  const submitter = async () => {
    while (performance.now() < endsAt) {
      const network = await freshNetwork(baseUrl, nextAddress, sessionsPerNetwork, record);
      for (const token of network.tokens)
        for (let post = 1; post <= limits.dailyConfessions && performance.now() < endsAt; post += 1) {
          const body = {
            content: `Soak confession ${post} of ${token.slice(0, 8)}.`,
            category: 'academic',
            collegeCode,
          };
          record('submissions', await send(network.client, 'POST', apiPaths.confessions, { body, token }), 201);
        }
      network.client.close();
    }
  };

  const toggler = async (confessions) => {
    while (performance.now() < endsAt) {
      const network = await freshNetwork(baseUrl, nextAddress, likeVisitorsPerNetwork, record);
      for (let toggle = 0; toggle < rateLimits.likes.limit && performance.now() < endsAt; toggle += 1) {
        const { id, token } = nthToggle(network.tokens, confessions, toggle);
        const ticket = token && ledger.start(token, id);
        if (!ticket) continue;
        const response = await send(network.client, 'POST', pathTo(apiPaths.likeConfession, { id }), {
          body: {},
          token,
        });
        const problem = ledger.finish(ticket, response.status === 200 ? jsonBody(response) : null);
        if (problem) failures.add(`likes: ${problem}`);
        else record('likes', response, 200);
      }
      network.client.close();
    }
  };

  const perToggler = Math.floor(likeTargets.length / togglers);
  await Promise.all([
    ...Array.from({ length: submitters }, submitter),
    ...Array.from({ length: togglers }, (_, index) =>
      toggler(likeTargets.slice(index * perToggler, (index + 1) * perToggler)),
    ),
  ]);
  return { perMinute, failures: failures.counts };
}
