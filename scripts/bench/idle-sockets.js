// Measures the sockets one server instance holds: 10,000 visitors, each with a socket joined to
// their college's chat room, from 100 loopback addresses (100 sockets each, within the default
// cap of 200 per network), held idle. Reports the memory each socket costs, /health's latency
// while they are held, and how long one room message takes to reach every one of them; first
// straight to the server, then through nginx as deploy/nginx.conf configures it. Part of
// `npm run bench` (BENCH_ONLY=sockets).
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { apiPaths, pathTo, socketEvents } from '@secretchatbox/contracts';
import { findNginx, startEntry } from '../cluster/entry.js';
import { freePort } from '../cluster/members.js';
import { generalChat } from './chat-data.js';
import { httpClient, send } from './http-client.js';
import { networkAddresses } from './network-addresses.js';
import { serverMemory } from './process-memory.js';
import { count, ms, table, verdict } from './report.js';
import { serverUrl, withScratchDatabase } from './scratch-database.js';
import { serverEnv, startServer } from './server-process.js';
import { setupRetries } from './setup-request.js';
import { joinSockets } from './socket-clients.js';
import { percentile } from './stats.js';
import { startVisitors } from './visitor-sessions.js';

const settings = {
  sockets: Number(process.env.BENCH_SOCKETS ?? 10_000),
  socketsPerAddress: 100,
  connectBatch: 200,
  settleMs: 3000,
  healthRequests: 2000,
  deliveryTimeoutMs: 20_000,
  collegeCode: 'C001',
  poolSize: 20,
  logLevel: 'warn',
};
const targets = { perSocketKb: 40, healthP99Ms: 50 };

/** `/health` asked one request after the other: each one's latency. */
async function healthLatencies(baseUrl) {
  const client = httpClient(baseUrl, { connections: 1 });
  const latencies = [];
  try {
    for (let request = 0; request < settings.healthRequests; request += 1) {
      const started = performance.now();
      const response = await send(client, 'GET', '/health');
      if (response.status !== 200) throw new Error(`/health answered ${response.status}`);
      latencies.push(performance.now() - started);
    }
    return latencies;
  } finally {
    client.close();
  }
}

/** Through `entryUrl` (the server's own URL, or nginx's in front of it): sockets held, what they cost, what they get. */
async function measureThrough(server, entryUrl) {
  const retries = setupRetries();
  const nextAddress = networkAddresses();
  const room = await generalChat(entryUrl, settings.collegeCode, retries);
  const tokens = await startVisitors(entryUrl, settings.sockets, { nextAddress, concurrency: 16, retries });
  await sleep(settings.settleMs);
  await server.gc();
  const before = await serverMemory(server);
  const content = `idle sockets: the library closes at midnight ${Date.now()}`;
  let received = 0;
  let lastReceivedAt = 0;
  const onEvent = (name, message) => {
    if (name !== socketEvents.receiveMessage || message.content !== content) return;
    received += 1;
    lastReceivedAt = performance.now();
  };
  const proxyRefusals = { count: 0 };
  const connectStarted = performance.now();
  const addresses = Array.from({ length: Math.ceil(tokens.length / settings.socketsPerAddress) }, nextAddress);
  const sockets = await joinSockets(tokens, room.id, onEvent, {
    baseUrlOf: () => entryUrl,
    localAddressOf: (index) => addresses[Math.floor(index / settings.socketsPerAddress)],
    batch: settings.connectBatch,
    proxyRefusals,
  });
  try {
    const connectMs = performance.now() - connectStarted;
    await sleep(settings.settleMs);
    await server.gc();
    const held = await serverMemory(server);
    const health = await healthLatencies(entryUrl);
    const poster = httpClient(entryUrl, { localAddress: nextAddress(), connections: 1 });
    const postedAt = performance.now();
    const path = pathTo(apiPaths.chatMessages, { id: room.id });
    const posted = await send(poster, 'POST', path, { body: { content }, token: tokens[0] });
    poster.close();
    if (posted.status !== 201) throw new Error(`The room message was answered ${posted.status}`);
    const deadline = postedAt + settings.deliveryTimeoutMs;
    while (received < sockets.length && performance.now() < deadline) await sleep(10);
    return {
      sockets: sockets.length,
      connectMs,
      proxyRefusals: proxyRefusals.count,
      before,
      held,
      perSocketKb: ((held.rssMb - before.rssMb) * 1024) / sockets.length,
      heapPerSocketKb: ((held.heapUsedMb - before.heapUsedMb) * 1024) / sockets.length,
      health,
      received,
      deliveredMs: lastReceivedAt - postedAt,
      retries,
    };
  } finally {
    for (const socket of sockets) socket.close();
  }
}

async function measureIdleSockets(url) {
  // The caps of docs/operations.md: the instance's raised to hold the sockets measured (its
  // default, 5,000, fits any open-file limit of 7,000 and more), the network's at its default.
  const env = {
    ...serverEnv(url, settings),
    SOCKET_MAX_CONNECTIONS: String(settings.sockets),
    SOCKETS_PER_NETWORK: '200',
    TRUST_PROXY: '0',
  };
  const results = [];
  const direct = await startServer(env);
  try {
    results.push({ through: 'straight to the server', ...(await measureThrough(direct, direct.baseUrl)) });
  } finally {
    await direct.stop();
  }
  if (!findNginx()) return { results, nginx: 'not installed' };
  const behind = await startServer({ ...env, TRUST_PROXY: '1' });
  const port = await freePort();
  const entry = await startEntry({ port, upstreams: [new URL(behind.baseUrl).host] });
  try {
    results.push({
      through: 'through nginx (deploy/nginx.conf)',
      ...(await measureThrough(behind, `http://127.0.0.1:${port}`)),
    });
  } finally {
    await entry.stop();
    await behind.stop();
  }
  return { results, nginx: 'installed' };
}

function formatIdleSocketsReport({ results, nginx }) {
  const rows = [
    [
      'Path',
      'Sockets held',
      'Connected in',
      'RSS before / held',
      'Per socket (RSS, heap)',
      '/health p50 / p99',
      'Room message',
    ],
    ...results.map((r) => [
      r.through,
      count(r.sockets),
      `${(r.connectMs / 1000).toFixed(1)} s${r.proxyRefusals > 0 ? ` (${count(r.proxyRefusals)} upgrades answered 502 or 504, tried again)` : ''}`,
      `${count(r.before.rssMb)} / ${count(r.held.rssMb)} MB`,
      `${r.perSocketKb.toFixed(1)} KB, ${r.heapPerSocketKb.toFixed(1)} KB`,
      `${ms(percentile(r.health, 50))} / ${ms(percentile(r.health, 99))}`,
      `${count(r.received)} of ${count(r.sockets)} in ${ms(r.deliveredMs)}`,
    ]),
  ];
  return [
    `Idle sockets: one server instance (server mode), ${count(settings.sockets)} visitors each with a socket joined to the ${settings.collegeCode} chat room, ${settings.socketsPerAddress} sockets from each loopback address (caps: ${count(settings.sockets)} per instance, 200 per network), held ${settings.settleMs / 1000} s and the server's garbage collected before its memory is read`,
    `Per socket: the server's resident memory (and V8 heap) with the sockets held, less before they connected, over the sockets; /health asked ${count(settings.healthRequests)} times one after the other while they are held; then one message posted to the room`,
    ...(nginx === 'installed' ? [] : ['nginx is not installed: only the path straight to the server was measured']),
    table(rows),
    ...results.flatMap((r) => [
      `Target ${r.through}: at most ${targets.perSocketKb} KB per socket: ${r.perSocketKb.toFixed(1)} KB -> ${verdict(r.perSocketKb <= targets.perSocketKb)}`,
      `Target ${r.through}: /health p99 < ${targets.healthP99Ms} ms: ${ms(percentile(r.health, 99))} -> ${verdict(percentile(r.health, 99) < targets.healthP99Ms)}`,
      `Target ${r.through}: the room message reaches all ${count(r.sockets)} sockets: ${count(r.received)} -> ${verdict(r.received === r.sockets)}`,
    ]),
  ].join('\n');
}

try {
  console.log(formatIdleSocketsReport(await withScratchDatabase(serverUrl(), measureIdleSockets)));
} catch (error) {
  console.error('Benchmark failed:', error);
  process.exitCode = 1;
}
