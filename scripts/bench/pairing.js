// Measures random pairing on two instances joined by Redis: how many pairs a second are made when
// 1,000 visitors ask at once, against the single-row INSERT (each pair is an append that the answer
// waits to see), and the latency of messages inside the pairs. Part of `npm run bench`.
import { performance } from 'node:perf_hooks';
import { socketEvents } from '@secretchatbox/contracts';
import { measureCpuTime } from './cpu-time.js';
import { networkAddresses } from './network-addresses.js';
import { count, ms, share, table } from './report.js';
import { describeServer, openBenchDatabase, serverUrl, withScratchDatabase } from './scratch-database.js';
import { serverEnv, startServer } from './server-process.js';
import { setupRetries } from './setup-request.js';
import { percentile } from './stats.js';
import { connectSocket } from './socket-clients.js';
import { measureBaseline } from './throughput.js';
import { startVisitors } from './visitor-sessions.js';

const settings = {
  collegeCode: 'C001',
  instances: 2,
  /** Visitors asking for a partner at the same moment, half on each instance. */
  visitors: 1000,
  /** Messages inside the pairs, one per pair, at this rate. */
  messagesPerSecond: 200,
  drainMs: 3000,
  concurrency: 16,
  warmupMs: 1000,
  durationMs: 5000,
  poolSize: 20,
  logLevel: 'warn',
};

const sleep = (delay) => new Promise((resolve) => setTimeout(resolve, delay));
const now = () => performance.timeOrigin + performance.now();

/** Sockets for `tokens`, alternating between the instances; each socket's pushes go to `onEvent(index, ...)`. */
async function connectAll(servers, tokens, onEvent) {
  const sockets = [];
  for (let i = 0; i < tokens.length; i += 50) {
    const batch = tokens.slice(i, i + 50).map((token, offset) => {
      const index = i + offset;
      return connectSocket(servers[index % servers.length].baseUrl, token, (name, payload, at) =>
        onEvent(index, name, payload, at),
      );
    });
    sockets.push(...(await Promise.all(batch)));
  }
  return sockets;
}

/**
 * Every visitor asks for a partner at the same moment, half on each instance: pairs made per
 * second until each has heard `pair:matched`, and how long each find took to answer.
 */
async function measurePairing({ sockets, matchedAt, delivered }) {
  const answerTimes = [];
  const started = now();
  const answers = await Promise.all(
    sockets.map(async (socket) => {
      const asked = now();
      const answer = await socket.request(socketEvents.pairFind, { collegeCode: settings.collegeCode });
      answerTimes.push(now() - asked);
      return answer;
    }),
  );
  const deadline = now() + settings.drainMs;
  while (matchedAt.size < sockets.length && now() < deadline) await sleep(20);
  const elapsedMs = Math.max(...matchedAt.values()) - started;
  // The visitor who found a waiting partner sends that pair's message.
  const senders = sockets.flatMap((socket, index) => (answers[index].status === 'matched' ? [{ socket, index }] : []));
  return { sockets, senders, pairs: Math.floor(matchedAt.size / 2), elapsedMs, answerTimes, delivered };
}

/** One message in each pair, at the set rate: the latency from its send to the partner's socket. */
async function measureMessages({ senders, delivered }) {
  const gapMs = 1000 / settings.messagesPerSecond;
  const acks = [];
  const started = now();
  for (const [i, { socket, index }] of senders.entries()) {
    const due = started + i * gapMs;
    if (due > now()) await sleep(due - now());
    acks.push(socket.request(socketEvents.pairSend, { content: `t=${now()} from=${index}` }));
  }
  const refused = (await Promise.all(acks)).filter((ack) => !ack.ok).length;
  const deadline = now() + settings.drainMs;
  while (delivered.length < senders.length - refused && now() < deadline) await sleep(50);
  return { sent: senders.length, refused, latencies: [...delivered] };
}

async function measure(url) {
  const db = await openBenchDatabase(url, 4);
  const postgres = { db, database: new URL(url).pathname.slice(1) };
  const env = serverEnv(url, settings, { redis: true });
  const servers = [];
  try {
    const baseline = await measureBaseline(url, settings);
    for (let i = 0; i < settings.instances; i += 1) servers.push(await startServer(env));
    const options = { nextAddress: networkAddresses(), concurrency: settings.concurrency, retries: setupRetries() };
    const tokens = await startVisitors(servers[0].baseUrl, settings.visitors, options);
    const pids = servers.map((server) => server.pid);
    const matchedAt = new Map();
    const delivered = [];
    const sockets = await connectAll(servers, tokens, (index, name, payload, at) => {
      if (name === socketEvents.pairMatched) matchedAt.set(index, at);
      if (name === socketEvents.pairMessage && payload.content.startsWith('t=')) {
        const [, sentAt, from] = /^t=(\d+(?:\.\d+)?) from=(\d+)$/.exec(payload.content);
        if (Number(from) !== index) delivered.push(at - Number(sentAt));
      }
    });
    const pairing = await measureCpuTime(pids, postgres, () => measurePairing({ sockets, matchedAt, delivered }));
    const messages = await measureMessages(pairing.result);
    pairing.result.sockets.forEach((socket) => socket.close());
    return { server: await describeServer(db), baseline, pairing, messages };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await db.close();
  }
}

function report({ server, baseline, pairing, messages }) {
  const { pairs, elapsedMs, answerTimes } = pairing.result;
  const perSecond = pairs / (elapsedMs / 1000);
  const cpuPerPair = pairing.cpu ? (pairing.cpu.serverMs + (pairing.cpu.postgresMs ?? 0)) / Math.max(1, pairs) : NaN;
  const delivered = messages.latencies.length;
  const rows = [
    ['Measurement', 'Figure', 'vs baseline', 'Latency p50 / p99'],
    [
      'Baseline: single-row INSERT (pg)',
      `${count(baseline.perSecond)} tx/s`,
      '100%',
      `${ms(percentile(baseline.latencies, 50))} / ${ms(percentile(baseline.latencies, 99))}`,
    ],
    [
      `Pairs made, ${count(settings.visitors)} visitors at once, ${settings.instances} instances`,
      `${count(perSecond)} pairs/s`,
      share(perSecond / baseline.perSecond),
      `${ms(percentile(answerTimes, 50))} / ${ms(percentile(answerTimes, 99))}`,
    ],
  ];
  return [
    `Random pairing on ${server.version} (synchronous_commit=${server.synchronousCommit}, ${server.cpus} CPUs), ${settings.instances} instances joined by Redis`,
    table(rows),
    `${count(pairs * 2)} of ${count(settings.visitors)} visitors paired in ${ms(elapsedMs)} (each pair an append the answer waits to see); ${ms(cpuPerPair)} of the servers' and PostgreSQL's CPU per pair`,
    `Messages inside the pairs at ${settings.messagesPerSecond}/s: ${count(delivered)} of ${count(messages.sent - messages.refused)} delivered (${messages.refused} refused), latency p50 ${ms(percentile(messages.latencies, 50))}, p95 ${ms(percentile(messages.latencies, 95))}, p99 ${ms(percentile(messages.latencies, 99))}`,
  ].join('\n');
}

const results = await withScratchDatabase(serverUrl(), measure);
console.log(report(results));
if (results.pairing.result.pairs !== settings.visitors / 2) process.exitCode = 1;
