// Ten minutes of submissions and like toggles against one server process (server mode), every
// write from a visitor session started during the run on a network the server has not seen
// before: the throughput of the last minute against the first, and the server's memory after
// the first minute against the rest. A cost that grows with what a process has seen shows here.
// Part of `npm run bench`.
import { performance } from 'node:perf_hooks';
import { PostgresEventStore } from '@secretchatbox/event-store';
import { confessionsForLikes, seedApprovedConfessions } from './confessions-data.js';
import { machineTicks, msPerTick, postgresMsSince, postgresTicks, processStat } from './cpu-time.js';
import { LikeLedger } from './like-ledger.js';
import { networkAddresses } from './network-addresses.js';
import { residentMemory } from './process-memory.js';
import { describeServer, openBenchDatabase, serverUrl, withScratchDatabase } from './scratch-database.js';
import { serverEnv, startServer } from './server-process.js';
import { runSoak } from './soak-load.js';
import { formatSoakReport } from './soak-report.js';

/** BENCH_SOAK_MINUTES when set (at least 2: a first and a last minute), otherwise 10. */
function soakMinutes() {
  const minutes = Number(process.env.BENCH_SOAK_MINUTES ?? 10);
  if (!Number.isInteger(minutes) || minutes < 2)
    throw new Error('BENCH_SOAK_MINUTES must be a whole number of at least 2');
  return minutes;
}

const settings = {
  collegeCode: 'C001',
  confessions: 10_000,
  minutes: soakMinutes(),
  submitters: 8,
  togglers: 8,
  likeConfessionsPerToggler: 32,
  poolSize: 20,
  logLevel: 'warn',
};

/**
 * Every second, the server's resident memory and CPU time, PostgreSQL's CPU time for the scratch
 * database (`postgres`, as cpu-time.js takes it) and the WAL it has written, this process's (the
 * load generator) and the machine's CPU time, until stopped.
 */
function sampleServer(pid, postgres) {
  const started = performance.now();
  const samples = [];
  let postgresBefore = postgresTicks(postgres);
  let postgresMs = 0;
  const sample = async () => {
    const atMs = performance.now() - started;
    const cpuMs = processStat(pid).ticks * msPerTick;
    const busyMs = machineTicks() * msPerTick;
    // Summed from one sample to the next: a backend that ends keeps what it spent until the last one.
    const postgresNow = await postgresTicks(postgres);
    postgresMs += postgresMsSince(await postgresBefore, postgresNow);
    postgresBefore = postgresNow;
    const { rows } = await postgres.db.query("SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::float8 AS wal");
    const { user, system } = process.cpuUsage();
    const loadMs = (user + system) / 1000;
    samples.push({ atMs, rssMb: residentMemory(pid).rssMb, cpuMs, postgresMs, loadMs, busyMs, walBytes: rows[0].wal });
  };
  // One sample at a time, so that each takes up where the one before left off.
  let sampled = Promise.resolve();
  const take = () => (sampled = sampled.then(sample));
  void take();
  const timer = setInterval(() => void take(), 1000);
  return {
    async stop() {
      clearInterval(timer);
      await take();
      return samples;
    },
  };
}

async function soak(url) {
  const db = await openBenchDatabase(url, 8);
  try {
    const store = await PostgresEventStore.open(db);
    await seedApprovedConfessions(db, store, {
      count: settings.confessions,
      collegeCode: settings.collegeCode,
    }).finally(() => store.close());
    const likeTargets = await confessionsForLikes(
      db,
      settings.collegeCode,
      0,
      settings.togglers * settings.likeConfessionsPerToggler,
    );
    const ledger = new LikeLedger(likeTargets.map(({ id, likes }) => [id, likes]));
    const server = await startServer(serverEnv(url, settings));
    try {
      const sampler = sampleServer(server.pid, { db, database: new URL(url).pathname.slice(1) });
      const result = await runSoak(server.baseUrl, {
        ...settings,
        likeTargets: likeTargets.map(({ id }) => id),
        ledger,
        nextAddress: networkAddresses(),
        endsAt: performance.now() + settings.minutes * 60_000,
      });
      return { server: await describeServer(db), settings, ...result, samples: await sampler.stop() };
    } finally {
      await server.stop();
    }
  } finally {
    await db.close();
  }
}

try {
  console.log(formatSoakReport(await withScratchDatabase(serverUrl(), soak)));
} catch (error) {
  console.error('Benchmark failed:', error);
  process.exitCode = 1;
}
