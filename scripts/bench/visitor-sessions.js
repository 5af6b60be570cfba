import { apiPaths, rateLimits } from '@secretchatbox/contracts';
import { httpClient, jsonBody } from './http-client.js';
import { setupRequest } from './setup-request.js';

/**
 * `networkCount` networks, each a fresh address from `nextAddress` with `sessionsPerNetwork`
 * visitor sessions started from it (POST /api/session), `concurrency` starts at a time. The
 * connections are closed afterwards: left idle, the server would close them, perhaps just as one
 * is reused. Not measured: see setupRequest for what happens when a start fails.
 */
export async function startNetworks(baseUrl, { networkCount, sessionsPerNetwork, nextAddress, concurrency, retries }) {
  if (sessionsPerNetwork > rateLimits.sessionCreation.limit)
    throw new Error(`A network may start ${rateLimits.sessionCreation.limit} sessions, not ${sessionsPerNetwork}`);
  const networks = Array.from({ length: networkCount }, () => ({ address: nextAddress(), tokens: [] }));
  const clients = networks.map(({ address }) => httpClient(baseUrl, { localAddress: address, connections: 1 }));
  const starts = networks.flatMap((_, index) => Array.from({ length: sessionsPerNetwork }, () => index));
  let next = 0;
  const starter = async () => {
    while (next < starts.length) {
      const index = starts[next++];
      const response = await setupRequest(clients[index], retries, 'POST', apiPaths.session, { body: {} }, 201);
      networks[index].tokens.push(jsonBody(response).sessionToken);
    }
  };
  try {
    await Promise.all(Array.from({ length: concurrency }, starter));
    return networks;
  } finally {
    for (const client of clients) client.close();
  }
}

/** `count` visitor sessions, started from as few fresh addresses as the limit on starting sessions allows. */
export async function startVisitors(baseUrl, count, { nextAddress, concurrency, retries }) {
  const sessionsPerNetwork = Math.min(count, rateLimits.sessionCreation.limit);
  const networkCount = Math.ceil(count / sessionsPerNetwork);
  const networks = await startNetworks(baseUrl, {
    networkCount,
    sessionsPerNetwork,
    nextAddress,
    concurrency,
    retries,
  });
  return networks.flatMap((network) => network.tokens).slice(0, count);
}
