import { apiPaths, pathTo } from '@secretchatbox/contracts';
import { failureTally } from './failures.js';
import { failureKind, jsonBody, mayHaveWritten, send } from './http-client.js';
import { runClosedLoop } from './load.js';
import { sessionRotation } from './session-rotation.js';

/**
 * Closed loop of room messages from `networks` (startNetworks). Each worker takes a network,
 * connects from its address, lets each of its visitors send `messagesPerVisitor` messages (the
 * burst limit) one after the other, then takes the next network. A message is accepted on a 201
 * that answers with its content; `uncertain` counts those that got no answer or a 5xx.
 */
export async function measureChatPosts(baseUrl, roomId, networks, { messagesPerVisitor, ...settings }) {
  const path = pathTo(apiPaths.chatMessages, { id: roomId });
  const visitors = sessionRotation(baseUrl, networks, {
    perSession: messagesPerVisitor,
    capacity: 'messagesPerSecondCapacity',
  });
  const failures = failureTally();
  const outcome = { created: 0, uncertain: 0 };
  const post = async (worker) => {
    const { client, token, used } = visitors.next(worker);
    const content = `Benchmark message ${used} of ${token.slice(0, 8)}: who else is in the library?`;
    const response = await send(client, 'POST', path, { body: { content }, token });
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
    visitors.close();
  }
}
