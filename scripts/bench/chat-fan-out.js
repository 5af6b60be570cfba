import { performance } from 'node:perf_hooks';
import { apiPaths, pathTo, socketEvents } from '@secretchatbox/contracts';
import { failureTally } from './failures.js';
import { failureKind, httpClient, send } from './http-client.js';
import { runPaced } from './load.js';
import { joinSockets } from './socket-clients.js';
import { percentile } from './stats.js';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const now = () => performance.timeOrigin + performance.now();

/**
 * Sockets of `clientTokens` joined to one room over every server of `servers`, and messages
 * posted at `messagesPerSecond` through the servers in turn by `posterTokens` (each sends at most
 * `perPoster`, within the burst limit). Each message's delivery latency is the time from its
 * POST being sent to each socket receiving it; messages posted during the warm-up are not timed.
 */
export async function measureFanOut(servers, roomId, { clientTokens, posterTokens, perPoster, settings }) {
  const { messagesPerSecond, warmupMs, durationMs, drainMs } = settings;
  const sentAt = new Map();
  const deliveries = new Map();
  const latencies = [];
  const onEvent = (name, message, receivedAt) => {
    if (name !== socketEvents.receiveMessage) return;
    const sequence = Number(/^fan-out (\d+)/.exec(message.content)?.[1]);
    const sent = sentAt.get(sequence);
    if (sent === undefined) return;
    deliveries.set(sequence, (deliveries.get(sequence) ?? 0) + 1);
    latencies.push(receivedAt - sent);
  };
  const connectStarted = performance.now();
  const sockets = await joinSockets(clientTokens, roomId, onEvent, {
    baseUrlOf: (index) => servers[index % servers.length].baseUrl,
  });
  const connectMs = performance.now() - connectStarted;
  const clients = servers.map((server) => httpClient(server.baseUrl, { connections: 4 }));
  const failures = failureTally();
  const warmupMessages = Math.ceil((messagesPerSecond * warmupMs) / 1000);
  try {
    const posted = await runPaced({
      ratePerSecond: messagesPerSecond,
      durationMs: warmupMs + durationMs,
      operation: async (sequence) => {
        const token = posterTokens[Math.floor(sequence / perPoster)];
        if (!token) throw new Error('The fan-out ran out of posters');
        const path = pathTo(apiPaths.chatMessages, { id: roomId });
        const body = { content: `fan-out ${sequence}: the quiz moved to Friday` };
        if (sequence >= warmupMessages) sentAt.set(sequence, now());
        const response = await send(clients[sequence % clients.length], 'POST', path, { body, token });
        if (response.status !== 201) failures.add(failureKind(response));
      },
    });
    await sleep(drainMs);
    const timed = [...sentAt.keys()];
    const expected = timed.length * sockets.length;
    const delivered = timed.reduce((sum, sequence) => sum + (deliveries.get(sequence) ?? 0), 0);
    // Per second of posting at the offered rate: every socket given every message is the whole
    // rate; a lost delivery lowers it, the load generator's own timer jitter does not.
    const postingSeconds = timed.length / messagesPerSecond;
    return {
      clients: sockets.length,
      connectMs,
      posted: posted.issued,
      timedMessages: timed.length,
      expected,
      delivered,
      deliveriesPerSecond: delivered / postingSeconds,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      failures: failures.counts,
    };
  } finally {
    for (const client of clients) client.close();
    for (const socket of sockets) socket.close();
  }
}
