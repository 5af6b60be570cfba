// Measures how the API scales with instances on this machine: feed reads with a session and
// confession submissions through two API instances against one (RUN_PROJECTIONS=false, joined by
// Redis, one projections worker active and one standing by, as in the deployment), with the CPU
// each request costs; then the projections worker's failover time (kill -9 of the active worker
// to the first event the standby applies), over 5 runs. Part of `npm run bench`.
import { performance } from 'node:perf_hooks';
import { limits } from '@secretchatbox/contracts';
import { PostgresEventStore } from '@secretchatbox/event-store';
import { runsProjections } from '../cluster/metrics.js';
import { seedApprovedConfessions, sessionsPerNetwork } from './confessions-data.js';
import { settings as confessionsSettings } from './confessions-settings.js';
import { measureCpuTime } from './cpu-time.js';
import { measureFeedPage } from './feed-load.js';
import { networkAddresses } from './network-addresses.js';
import { restartWorker, startWorker } from './projections-workers.js';
import { count, ms, share, table } from './report.js';
import { describeServer, openBenchDatabase, serverUrl, withScratchDatabase } from './scratch-database.js';
import { serverEnv, startServer } from './server-process.js';
import { setupRetries } from './setup-request.js';
import { percentile } from './stats.js';
import { measureSubmissions } from './submissions-load.js';
import { measureBaseline } from './throughput.js';
import { startNetworks, startVisitors } from './visitor-sessions.js';

const settings = { ...confessionsSettings, confessions: 10_000, failovers: 5 };

const sleep = (delay) => new Promise((resolve) => setTimeout(resolve, delay));

/**
 * The same load spread over `instances` (its clients split evenly between them): requests per
 * second summed, latencies together, and the CPU of the instances, the worker and PostgreSQL.
 */
async function spread(instances, pids, postgres, load) {
  const shares = instances.map((instance, index) => ({
    instance,
    index,
    concurrency: Math.ceil(settings.concurrency / instances.length),
  }));
  const { result, cpu } = await measureCpuTime(pids, postgres, () => Promise.all(shares.map(load)));
  const perSecond = result.reduce((sum, part) => sum + part.perSecond, 0);
  const succeeded = result.reduce((sum, part) => sum + part.succeeded, 0);
  const failed = result.reduce((sum, part) => sum + part.completed - part.succeeded, 0);
  const latencies = result.flatMap((part) => part.latencies);
  const cpuPerRequest = cpu ? (cpu.serverMs + (cpu.postgresMs ?? 0)) / Math.max(1, succeeded) : NaN;
  return { perSecond, failed, latencies, cpuPerRequest };
}

async function measureInstances(servers, workers, postgres) {
  const nextAddress = networkAddresses();
  const retries = setupRetries();
  const options = { nextAddress, concurrency: settings.concurrency, retries };
  const readers = await startVisitors(servers[0].baseUrl, settings.concurrency, options);
  const path = `/api/confessions?collegeCode=${settings.collegeCode}&limit=${settings.pageSize}`;
  const results = {};
  for (const size of [1, 2]) {
    const instances = servers.slice(0, size);
    const pids = [...instances.map((server) => server.pid), ...workers.map((worker) => worker.child.pid)];
    const reads = await spread(instances, pids, postgres, ({ instance, index, concurrency }) =>
      measureFeedPage(instance.baseUrl, path, { ...settings, concurrency }, readers.slice(index * concurrency)),
    );
    const posts = (settings.postsPerSecondCapacity * (settings.warmupMs + settings.durationMs)) / 1000;
    const networkCount = Math.ceil(posts / limits.dailyConfessionsPerNetwork) + settings.concurrency;
    const networks = await Promise.all(
      instances.map((instance) =>
        startNetworks(instance.baseUrl, {
          ...options,
          networkCount: Math.ceil(networkCount / size),
          sessionsPerNetwork,
        }),
      ),
    );
    const submissions = await spread(instances, pids, postgres, ({ instance, index, concurrency }) =>
      measureSubmissions(instance.baseUrl, networks[index], { ...settings, concurrency }),
    );
    results[size] = { reads, submissions };
  }
  return results;
}

/** Kill -9 of the active worker, then one write: the time until the standby has applied it. */
async function measureFailovers(server, workers, db) {
  const times = [];
  for (let run = 0; run < settings.failovers; run += 1) {
    const states = await Promise.all(workers.map((worker) => runsProjections(worker.baseUrl)));
    const active = workers[states.indexOf(true)];
    if (!active) throw new Error('No projections worker holds the leases');
    const sessionsBefore = await countSessions(db);
    const killedAt = performance.now();
    active.child.kill('SIGKILL');
    const write = fetch(`${server.baseUrl}/api/session`, { method: 'POST' });
    while ((await countSessions(db)) === sessionsBefore) {
      if (performance.now() - killedAt > 30_000) throw new Error('No worker applied the write within 30 s');
      await sleep(10);
    }
    times.push(performance.now() - killedAt);
    await write;
    await active.exited;
    await restartWorker(active);
    await sleep(500);
  }
  return times;
}

async function countSessions(db) {
  const { rows } = await db.query('SELECT count(*)::int AS count FROM read_model.visitor_sessions');
  return rows[0].count;
}

async function measure(url) {
  const db = await openBenchDatabase(url, 4);
  const postgres = { db, database: new URL(url).pathname.slice(1) };
  const env = serverEnv(url, settings, { redis: true });
  const servers = [];
  const workers = [];
  try {
    const store = await PostgresEventStore.open(db);
    await seedApprovedConfessions(db, store, { count: settings.confessions, collegeCode: settings.collegeCode });
    await store.close();
    const baseline = await measureBaseline(url, settings);
    for (let index = 1; index <= 2; index += 1) workers.push(await startWorker(env, index));
    for (let index = 0; index < 2; index += 1) servers.push(await startServer({ ...env, RUN_PROJECTIONS: 'false' }));
    const instances = await measureInstances(servers, workers, postgres);
    const failovers = await measureFailovers(servers[0], workers, db);
    return { server: await describeServer(db), baseline, instances, failovers };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await Promise.all(workers.map((worker) => worker.stop('SIGTERM')));
    await db.close();
  }
}

function report({ server, baseline, instances, failovers }) {
  const rows = [['Measurement', 'One instance', 'Two instances', 'Two / one']];
  const line = (name, pick, unit) => {
    const [one, two] = [pick(instances[1]), pick(instances[2])];
    rows.push([
      name,
      `${count(one.perSecond)} ${unit}/s, ${ms(one.cpuPerRequest)} CPU each`,
      `${count(two.perSecond)} ${unit}/s, ${ms(two.cpuPerRequest)} CPU each`,
      share(two.perSecond / one.perSecond),
    ]);
  };
  line('Feed page with a session', (run) => run.reads, 'requests');
  line('Confession submissions', (run) => run.submissions, 'submissions');
  const failed = [1, 2].flatMap((size) => [instances[size].reads.failed, instances[size].submissions.failed]);
  const sorted = [...failovers].sort((a, b) => a - b);
  return [
    `Scale-out on ${server.version} (${server.cpus} CPUs): API instances with RUN_PROJECTIONS=false joined by Redis, projections in a worker; ${settings.concurrency} clients spread evenly over the instances; the single-row INSERT ran at ${count(baseline.perSecond)} tx/s`,
    table(rows),
    `CPU each: the instances', the workers' and PostgreSQL's, per successful request. On ${server.cpus} CPUs shared by the load generator, the instances, the worker and PostgreSQL, a second instance adds no CPU, so the ratio shows what the instances' own event loops were holding back, not what more machines give. Failed requests: ${failed.reduce((a, b) => a + b, 0)}.`,
    `Failover of the projections worker (kill -9 of the active one to the standby's first applied event), ${failovers.length} runs: ${sorted.map((time) => ms(time)).join(', ')}; median ${ms(percentile(sorted, 50))} (target: under 5 s ${sorted.at(-1) < 5000 ? 'met' : 'NOT met'}). Latency p99 of reads, one / two instances: ${ms(percentile(instances[1].reads.latencies, 99))} / ${ms(percentile(instances[2].reads.latencies, 99))}`,
  ].join('\n');
}

const results = await withScratchDatabase(serverUrl(), measure);
console.log(report(results));
const parts = [1, 2].flatMap((size) => [results.instances[size].reads, results.instances[size].submissions]);
if (parts.some((part) => part.failed > 0) || results.failovers.some((time) => time >= 5000)) process.exitCode = 1;
