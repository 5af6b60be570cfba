import { httpClient } from './http-client.js';

/**
 * Hands each worker of a closed loop a session with writes left, from `networks`
 * (startNetworks): a worker connects from its network's address, uses each of the network's
 * sessions `perSession` times one after the other, then takes the next network. `capacity` names
 * the setting to raise when the prepared networks run out.
 */
export function sessionRotation(baseUrl, networks, { perSession, capacity }) {
  const queue = networks.map(({ address, tokens }) => ({
    address,
    sessions: tokens.map((token) => ({ token, used: 0 })),
  }));
  const current = [];
  return {
    /** The worker's client and session for its next write, which counts as used: `used` is its number. */
    next(worker) {
      let network = current[worker];
      let session = network?.sessions.find((candidate) => candidate.used < perSession);
      if (!session) {
        network?.client.close();
        network = current[worker] = queue.shift();
        if (!network) throw new Error(`The benchmark ran out of prepared sessions: raise ${capacity}`);
        network.client = httpClient(baseUrl, { localAddress: network.address, connections: 1 });
        session = network.sessions[0];
      }
      session.used += 1;
      return { client: network.client, token: session.token, used: session.used };
    },
    close() {
      for (const network of current) network?.client.close();
    },
  };
}
