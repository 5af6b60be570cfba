// Measures the feed of the deployment's topology against one server process, on the same
// 100,000 confessions: the first page anonymous and with a session, first from one process
// running the projections itself, then through nginx (deploy/nginx.conf) in front of three API
// instances with RUN_PROJECTIONS=false and two projections workers, joined by Redis, with the CPU
// each read costs. Part of `npm run bench` (BENCH_ONLY=cluster-feed).
import { PostgresDatabase } from '@secretchatbox/database';
import { PostgresEventStore } from '@secretchatbox/event-store';
import { findNginx, startEntry } from '../cluster/entry.js';
import { freePort } from '../cluster/members.js';
import { seedApprovedConfessions } from './confessions-data.js';
import { settings as confessionsSettings, firstFeedPage } from './confessions-settings.js';
import { measureCpuTime } from './cpu-time.js';
import { measureFeedPage } from './feed-load.js';
import { networkAddresses } from './network-addresses.js';
import { startWorker } from './projections-workers.js';
import { count, latency, ms, share, table, verdict } from './report.js';
import { describeServer, serverUrl, withScratchDatabase } from './scratch-database.js';
import { serverEnv, startServer } from './server-process.js';
import { setupRetries } from './setup-request.js';
import { startVisitors } from './visitor-sessions.js';

const settings = { ...confessionsSettings, apiInstances: 3, workers: 2 };
const target = 0.7;

/** Both reads through `baseUrl`, with the CPU of `pids` (and PostgreSQL's, and the rest of the machine's) per read. */
async function measureReads(baseUrl, pids, postgres) {
  const retries = setupRetries();
  const readers = await startVisitors(baseUrl, settings.concurrency, {
    nextAddress: networkAddresses(),
    concurrency: settings.concurrency,
    retries,
  });
  const read = async (tokens) => {
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
  };
  return { anonymous: await read([]), withSession: await read(readers) };
}

async function measureSingle(url, postgres) {
  const server = await startServer(serverEnv(url, settings));
  try {
    return await measureReads(server.baseUrl, [server.pid], postgres);
  } finally {
    await server.stop();
  }
}

async function measureCluster(url, postgres) {
  const env = { ...serverEnv(url, settings, { redis: true }), TRUST_PROXY: '1' };
  const workers = [];
  const instances = [];
  let entry = null;
  try {
    for (let index = 1; index <= settings.workers; index += 1) workers.push(await startWorker(env, index));
    for (let index = 0; index < settings.apiInstances; index += 1)
      instances.push(await startServer({ ...env, RUN_PROJECTIONS: 'false' }));
    const port = await freePort();
    entry = await startEntry({ port, upstreams: instances.map((instance) => new URL(instance.baseUrl).host) });
    const pids = [...instances.map((instance) => instance.pid), ...workers.map((worker) => worker.child.pid)];
    return await measureReads(`http://127.0.0.1:${port}`, pids, postgres);
  } finally {
    await entry?.stop();
    await Promise.all(instances.map((instance) => instance.stop()));
    await Promise.all(workers.map((worker) => worker.stop('SIGTERM')));
  }
}

async function measure(url) {
  const db = new PostgresDatabase({ connectionString: url, maxConnections: 4, applicationName: 'scb-bench' });
  const postgres = { db, database: new URL(url).pathname.slice(1) };
  try {
    const store = await PostgresEventStore.open(db);
    await seedApprovedConfessions(db, store, { count: settings.confessions, collegeCode: settings.collegeCode });
    await store.close();
    return {
      server: await describeServer(db),
      single: await measureSingle(url, postgres),
      cluster: await measureCluster(url, postgres),
    };
  } finally {
    await db.close();
  }
}

function report({ server, single, cluster }) {
  const kinds = [
    ['anonymous', 'GET first page, anonymous'],
    ['withSession', 'GET first page, with a session'],
  ];
  const figure = (result) =>
    `${count(result.perSecond)}/s, ${latency(result)}; CPU ${ms(result.serverCpuMs, 2)} + ${ms(result.postgresCpuMs, 2)} + ${ms(result.otherCpuMs, 2)}`;
  const rows = [
    ['Read', 'One process', 'Cluster through nginx', 'Cluster / one'],
    ...kinds.map(([kind, name]) => [
      name,
      figure(single[kind]),
      figure(cluster[kind]),
      share(cluster[kind].perSecond / single[kind].perSecond),
    ]),
  ];
  const failed = [single, cluster].flatMap((run) => kinds.map(([kind]) => run[kind].completed - run[kind].succeeded));
  return [
    `Cluster feed on ${server.version} (${server.cpus} CPUs), ${count(settings.confessions)} confessions: one server process running the projections, then ${findNginx() ? 'nginx (deploy/nginx.conf)' : 'the Node proxy (no nginx installed)'} in front of ${settings.apiInstances} API instances with RUN_PROJECTIONS=false and ${settings.workers} projections workers, joined by Redis; ${settings.concurrency} clients over keep-alive HTTP`,
    table(rows),
    `Figures: rate, latency p50 / p99; CPU per read of the server processes (the instances and workers) + PostgreSQL + the rest of the machine (the entry point among it). Failed reads: ${failed.reduce((a, b) => a + b, 0)}.`,
    ...kinds.map(([kind, name]) => {
      const ratio = cluster[kind].perSecond / single[kind].perSecond;
      return `Target ${name} through the cluster >= ${share(target)} of one process's: ${share(ratio)} -> ${verdict(ratio >= target)}`;
    }),
  ].join('\n');
}

const results = await withScratchDatabase(serverUrl(), measure);
console.log(report(results));
if ([results.single, results.cluster].some((run) => run.anonymous.succeeded < run.anonymous.completed))
  process.exitCode = 1;
