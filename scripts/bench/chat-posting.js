import { apiPaths, pathTo } from '@secretchatbox/contracts';
import { failureTally } from './failures.js';
import { failureKind, httpClient, jsonBody, mayHaveWritten, send } from './http-client.js';
import { runClosedLoop } from './load.js';

/**
 * Closed loop of room messages from `networks` (startNetworks). Each worker takes a network,
 * connects from its address, lets each of its visitors send `messagesPerVisitor` messages (the
 * burst limit) one after the other, then takes the next network. A message is accepted on a 201
 * that answers with its content; `uncertain` counts those that got no answer or a 5xx.
 */
export async function measureChatPosts(baseUrl, roomId, networks, { messagesPerVisitor, ...settings }) {
  const path = pathTo(apiPaths.chatMessages, { id: roomId });
  const queue = networks.map(({ address, tokens }) => ({
    address,
    visitors: tokens.map((token) => ({ token, sent: 0 })),
  }));
  const current = [];
  const failures = failureTally();
  const outcome = { created: 0, uncertain: 0 };
  const post = async (worker) => {
    let network = current[worker];
    let visitor = network?.visitors.find((candidate) => candidate.sent < messagesPerVisitor);
    if (!visitor) {
      network?.client.close();
      network = current[worker] = queue.shift();
      if (!network) throw new Error('The benchmark ran out of prepared visitors: raise messagesPerSecondCapacity');
      network.client = httpClient(baseUrl, { localAddress: network.address, connections: 1 });
      visitor = network.visitors[0];
    }
    visitor.sent += 1;
    const content = `Benchmark message ${visitor.sent} of ${visitor.token.slice(0, 8)}: who else is in the library?`;
    const response = await send(network.client, 'POST', path, { body: { content }, token: visitor.token });
    if (response.status !== 201) {
      failures.add(failureKind(response));
      if (mayHaveWritten(response)) outcome.uncertain += 1;
      return false;
    }
    outcome.created += 1;
    if (jsonBody(response).content === content) return true;
    failures.add('answer without its content');
    return false;
  };
  try {
    const result = await runClosedLoop({ ...settings, operation: post });
    return { ...result, ...outcome, failures: failures.counts };
  } finally {
    for (const network of current) network?.client.close();
  }
}
