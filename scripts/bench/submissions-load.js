import { apiPaths, limits } from '@secretchatbox/contracts';
import { failureTally } from './failures.js';
import { failureKind, jsonBody, mayHaveWritten, send } from './http-client.js';
import { runClosedLoop } from './load.js';
import { sessionRotation } from './session-rotation.js';

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
  const sessions = sessionRotation(baseUrl, networks, {
    perSession: limits.dailyConfessions,
    capacity: 'postsPerSecondCapacity',
  });
  const failures = failureTally();
  const outcome = { created: 0, uncertain: 0 };
  const submit = async (worker) => {
    const { client, token, used } = sessions.next(worker);
    const body = {
      content: `Benchmark confession ${used} of ${token.slice(0, 8)}: exams week again.`,
      category: 'academic',
      collegeCode,
    };
    const response = await send(client, 'POST', apiPaths.confessions, { body, token });
    if (response.status !== 201) {
      failures.add(failureKind(response));
      if (mayHaveWritten(response)) outcome.uncertain += 1;
      return false;
    }
    outcome.created += 1;
    if (jsonBody(response).remaining === limits.dailyConfessions - used) return true;
    failures.add('stale remaining');
    return false;
  };
  try {
    const result = await runClosedLoop({ ...settings, operation: submit });
    return { ...result, ...outcome, failures: failures.counts };
  } finally {
    sessions.close();
  }
}
