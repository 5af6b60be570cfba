import { apiPaths, limits } from '@secretchatbox/contracts';
import { failureTally } from './failures.js';
import { failureKind, httpClient, jsonBody, mayHaveWritten, send } from './http-client.js';
import { runClosedLoop } from './load.js';

/**
 * Closed loop of submissions from `networks` (startNetworks), which must outnumber what the loop
 * can use. Each worker takes a network, connects from its address, submits its sessions' daily
 * confessions one after the other, then takes the next network. A submission is accepted on a
 * 201 whose `remaining` is the session's quota less what it has submitted: read back after the
 * write, so a reply that missed its own write is a failure ('stale remaining'), though stored.
 * `created` counts every 201 and `uncertain` the submissions that got no answer or a 5xx, which
 * may or may not be stored.
 */
export async function measureSubmissions(baseUrl, networks, { collegeCode, ...settings }) {
  const queue = networks.map(({ address, tokens }) => ({
    address,
    sessions: tokens.map((token) => ({ token, submitted: 0 })),
  }));
  const current = [];
  const failures = failureTally();
  const outcome = { created: 0, uncertain: 0 };
  const submit = async (worker) => {
    let network = current[worker];
    let session = network?.sessions.find((candidate) => candidate.submitted < limits.dailyConfessions);
    if (!session) {
      network?.client.close();
      network = current[worker] = queue.shift();
      if (!network) throw new Error('The benchmark ran out of prepared sessions: raise postsPerSecondCapacity');
      network.client = httpClient(baseUrl, { localAddress: network.address, connections: 1 });
      session = network.sessions[0];
    }
    session.submitted += 1;
    const body = {
      content: `Benchmark confession ${session.submitted} of ${session.token.slice(0, 8)}: exams week again.`,
      category: 'academic',
      collegeCode,
    };
    const response = await send(network.client, 'POST', apiPaths.confessions, { body, token: session.token });
    if (response.status !== 201) {
      failures.add(failureKind(response));
      if (mayHaveWritten(response)) outcome.uncertain += 1;
      return false;
    }
    outcome.created += 1;
    if (jsonBody(response).remaining === limits.dailyConfessions - session.submitted) return true;
    failures.add('stale remaining');
    return false;
  };
  try {
    const result = await runClosedLoop({ ...settings, operation: submit });
    return { ...result, ...outcome, failures: failures.counts };
  } finally {
    for (const network of current) network?.client.close();
  }
}
