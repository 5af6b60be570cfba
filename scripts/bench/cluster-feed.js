// Measures the feed of the deployment's topology against one server process, on the same
// 100,000 confessions: the first page anonymous and with a session, from one process running the
// projections itself and through nginx (deploy/nginx.conf) in front of three API instances with
// RUN_PROJECTIONS=false and two projections workers, joined by Redis, with the CPU each read
// costs. Part of `npm run bench` (BENCH_ONLY=cluster-feed).
import { PostgresEventStore } from '@secretchatbox/event-store';
import { findNginx, startEntry } from '../cluster/entry.js';
import { freePort } from '../cluster/members.js';
import { seedApprovedConfessions } from './confessions-data.js';
import { settings as confessionsSettings, firstFeedPage } from './confessions-settings.js';
import { measureCpuTime } from './cpu-time.js';
import { measureFeedPage } from './feed-load.js';
import { networkAddresses } from './network-addresses.js';
import { startWorker } from './projections-workers.js';
import { count, latency, ms, preciseShare, share, table, verdict } from './report.js';
import { describeServer, openBenchDatabase, serverUrl, withScratchDatabase } from './scratch-database.js';
import { serverEnv, startServer } from './server-process.js';
import { setupRetries } from './setup-request.js';
import { startVisitors } from './visitor-sessions.js';

const settings = { ...confessionsSettings, apiInstances: 3, workers: 2, rounds: 3 };
const kinds = [
  ['anonymous', 'GET first page, anonymous'],
  ['withSession', 'GET first page, with a session'],
];
const target = 0.7;

/** A topology's readers: 16 visitors with sessions, started through `baseUrl`. */
async function topology(baseUrl, pids) {
  const retries = setupRetries();
  const readers = await startVisitors(baseUrl, settings.concurrency, {
    nextAddress: networkAddresses(),
    concurrency: settings.concurrency,
    retries,
  });
  return { baseUrl, pids, readers };
}

const tokensFor = ({ readers }, kind) => (kind === 'anonymous' ? [] : readers);

/**
 * Reads through `topology` unmeasured for `instances` warm-ups, so that each of its instances has
 * served as many reads before the rounds as one process has: V8 optimises what a process runs often.
 */
async function warmUp(topology, kind, instances) {
  const warming = { ...settings, durationMs: settings.warmupMs * instances };
  await measureFeedPage(topology.baseUrl, firstFeedPage, warming, tokensFor(topology, kind));
}

/** One read through `topology`, anonymous or as its readers, with the CPU each read cost. */
async function measureRead(topology, kind, postgres) {
  const { baseUrl, pids } = topology;
  const tokens = tokensFor(topology, kind);
  const { result, cpu } = await measureCpuTime(pids, postgres, () =>
    measureFeedPage(baseUrl, firstFeedPage, settings, tokens),
  );
  const per = (msSpent) => msSpent / Math.max(1, result.succeeded);
  return {
    ...result,
    serverCpuMs: cpu ? per(cpu.serverMs) : NaN,
    postgresCpuMs: cpu ? per(cpu.postgresMs) : NaN,
    otherCpuMs: cpu ? per(cpu.otherMs) : NaN,
  };
}

/** The cluster's processes, and nginx in front of its instances; `stop` ends them all. */
async function startCluster(url) {
  const env = { ...serverEnv(url, settings, { redis: true }), TRUST_PROXY: '1' };
  const workers = [];
  const instances = [];
  let entry = null;
  const port = await freePort();
  const stop = async () => {
    await entry?.stop();
    await Promise.all(instances.map((instance) => instance.stop()));
    await Promise.all(workers.map((worker) => worker.stop('SIGTERM')));
  };
  try {
    for (let index = 1; index <= settings.workers; index += 1) workers.push(await startWorker(env, index));
    for (let index = 0; index < settings.apiInstances; index += 1)
      instances.push(await startServer({ ...env, RUN_PROJECTIONS: 'false' }));
    entry = await startEntry({ port, upstreams: instances.map((instance) => new URL(instance.baseUrl).host) });
  } catch (error) {
    await stop();
    throw error;
  }
  const pids = [...instances.map((instance) => instance.pid), ...workers.map((worker) => worker.child.pid)];
  return { baseUrl: `http://127.0.0.1:${port}`, pids, stop };
}

/**
 * Both topologies run side by side on the same database, idle while the other is read: each read
 * is measured `rounds` times, one topology after the other, so that a machine that slows down
 * slows both; the round with the median rate stands for each.
 */
async function measureTopologies(url, postgres) {
  const server = await startServer(serverEnv(url, settings));
  let cluster = null;
  try {
    // The single process takes the projections' leases first; the cluster's workers stand by. Reads need neither.
    cluster = await startCluster(url);
    const single = await topology(server.baseUrl, [server.pid]);
    const spread = await topology(cluster.baseUrl, cluster.pids);
    for (const [kind] of kinds) {
      await warmUp(single, kind, 1);
      await warmUp(spread, kind, settings.apiInstances);
    }
    const runs = { single: { anonymous: [], withSession: [] }, cluster: { anonymous: [], withSession: [] } };
    for (let round = 0; round < settings.rounds; round += 1) {
      for (const [kind] of kinds) {
        runs.single[kind].push(await measureRead(single, kind, postgres));
        runs.cluster[kind].push(await measureRead(spread, kind, postgres));
      }
    }
    const median = (results) => [...results].sort((a, b) => a.perSecond - b.perSecond)[results.length >> 1];
    const medians = (byKind) =>
      Object.fromEntries(Object.entries(byKind).map(([kind, results]) => [kind, median(results)]));
    return { single: medians(runs.single), cluster: medians(runs.cluster), runs };
  } finally {
    await cluster?.stop();
    await server.stop();
  }
}

async function measure(url) {
  const db = await openBenchDatabase(url, 4);
  const postgres = { db, database: new URL(url).pathname.slice(1) };
  try {
    const store = await PostgresEventStore.open(db);
    await seedApprovedConfessions(db, store, { count: settings.confessions, collegeCode: settings.collegeCode });
    await store.close();
    return {
      server: await describeServer(db),
      ...(await measureTopologies(url, postgres)),
    };
  } finally {
    await db.close();
  }
}

function report({ server, single, cluster, runs }) {
  const figure = (result) =>
    `${count(result.perSecond)}/s, ${latency(result)}; CPU ${ms(result.serverCpuMs, 2)} + ${ms(result.postgresCpuMs, 2)} + ${ms(result.otherCpuMs, 2)}`;
  const rates = (kind) =>
    runs.single[kind].map((one, round) => share(runs.cluster[kind][round].perSecond / one.perSecond)).join(', ');
  const rows = [
    ['Read', 'One process', 'Cluster through nginx', 'Cluster / one', 'Each round'],
    ...kinds.map(([kind, name]) => [
      name,
      figure(single[kind]),
      figure(cluster[kind]),
      share(cluster[kind].perSecond / single[kind].perSecond),
      rates(kind),
    ]),
  ];
  const failed = [runs.single, runs.cluster]
    .flatMap((run) => kinds.flatMap(([kind]) => run[kind]))
    .reduce((sum, result) => sum + result.completed - result.succeeded, 0);
  return [
    `Cluster feed on ${server.version} (${server.cpus} CPUs), ${count(settings.confessions)} confessions: one server process running the projections, and ${findNginx() ? 'nginx (deploy/nginx.conf: anonymous feed reads from its cache of a second)' : 'the Node proxy (no nginx installed)'} in front of ${settings.apiInstances} API instances with RUN_PROJECTIONS=false and ${settings.workers} projections workers, joined by Redis, side by side; ${settings.concurrency} clients over keep-alive HTTP; each instance warmed up as long as the one process, then each read ${settings.rounds} times on each, one after the other, the median shown`,
    table(rows),
    `Figures: rate, latency p50 / p99; CPU per read of the server processes (the instances and workers) + PostgreSQL + the rest of the machine (the entry point among it). Failed reads: ${failed}.`,
    ...kinds.map(([kind, name]) => {
      const ratio = cluster[kind].perSecond / single[kind].perSecond;
      return `Target ${name} through the cluster >= ${share(target)} of one process's: ${preciseShare(ratio)} -> ${verdict(ratio >= target)}`;
    }),
  ].join('\n');
}

const results = await withScratchDatabase(serverUrl(), measure);
console.log(report(results));
if (
  [results.runs.single, results.runs.cluster].some((run) =>
    kinds.some(([kind]) => run[kind].some((result) => result.succeeded < result.completed)),
  )
)
  process.exitCode = 1;
