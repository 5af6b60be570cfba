// Measures the confessions API over HTTP with 100,000 approved confessions in one college: the
// feed's first page and a deep cursor page, and submissions from many sessions, each against a
// raw `pg` baseline measured in the same run, in a scratch database. Part of `npm run bench`.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { apiPaths, limits } from '@secretchatbox/contracts';
import { PostgresDatabase } from '@secretchatbox/database';
import { PostgresEventStore } from '@secretchatbox/event-store';
import { measureFeedPage, measureSubmissions, startReaderSession, startSessions } from './confessions-load.js';
import {
  countPending,
  cursorAfterPage,
  feedBaselineQuery,
  seedApprovedConfessions,
  sessionsPerNetwork,
} from './confessions-data.js';
import { formatConfessionsReport } from './confessions-report.js';
import { measureCpuTime } from './cpu-time.js';
import { httpClient, jsonBody } from './http-client.js';
import { describeServer, serverUrl, withScratchDatabase } from './scratch-database.js';
import { measureBaseline, measureQueryBaseline } from './throughput.js';

const settings = {
  collegeCode: 'C001',
  confessions: 100_000,
  pageSize: limits.feedPage.default,
  deepPage: 2_500,
  concurrency: 16,
  warmupMs: 1000,
  durationMs: 5000,
  poolSize: 20,
  // Request logging at `info` writes a line per request; the figures are the API's, not the log's.
  logLevel: 'warn',
  // Sessions are started before the measured window for at most this rate of submissions.
  postsPerSecondCapacity: 5000,
  sessionsPerNetwork,
  dailyConfessions: limits.dailyConfessions,
};

/** The server as its own process on a free port, stopped by disconnecting from it. */
async function startServer(url) {
  const child = fork(new URL('./app-server.js', import.meta.url), {
    env: {
      ...process.env,
      DATABASE_URL: url,
      EVENTSTORE_CONNECTION_STRING: '',
      DATABASE_POOL_SIZE: String(settings.poolSize),
      LOG_LEVEL: settings.logLevel,
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`The server exited with code ${code} before it listened`);
  });
  const [{ port }] = await Promise.race([once(child, 'message'), exited]);
  exited.catch(() => undefined);
  return {
    pid: child.pid,
    baseUrl: `http://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.disconnect();
      await once(child, 'exit');
    },
  };
}

/** The pages measured must be the pages asked for: full, and the deep one right after its cursor. */
async function checkFeed(baseUrl, paths, deep) {
  const client = httpClient(baseUrl);
  try {
    for (const path of Object.values(paths)) {
      const response = await client.request('GET', path);
      const items = response.status === 200 ? jsonBody(response).items : [];
      if (items.length !== settings.pageSize)
        throw new Error(`GET ${path} answered ${response.status}, ${items.length} items`);
      if (path === paths.deep && items[0].id !== deep.nextId)
        throw new Error(`GET ${path} did not continue after its cursor`);
    }
  } finally {
    client.close();
  }
}

/** The feed's first page and a deep page, anonymous, then the deep page again as a visitor. */
async function measureFeed(baseUrl, deep) {
  const feed = `${apiPaths.confessions}?collegeCode=${settings.collegeCode}`;
  const paths = { first: feed, deep: `${feed}&cursor=${deep.cursor}` };
  await checkFeed(baseUrl, paths, deep);
  const first = await measureFeedPage(baseUrl, paths.first, settings);
  const deepPage = await measureFeedPage(baseUrl, paths.deep, settings);
  const deepAsVisitor = await measureFeedPage(baseUrl, paths.deep, settings, await startReaderSession(baseUrl));
  return { first, deep: deepPage, deepAsVisitor };
}

/** Sessions for the most submissions the window could take, then the submissions, all of which must be stored. */
async function measurePosts({ baseUrl, pid }, db) {
  const started = performance.now();
  const posts = (settings.postsPerSecondCapacity * (settings.warmupMs + settings.durationMs)) / 1000;
  const networkCount = Math.ceil(posts / limits.dailyConfessionsPerNetwork);
  const networks = await startSessions(baseUrl, networkCount, settings.concurrency);
  const count = networkCount * sessionsPerNetwork;
  const sessions = { networks: networkCount, count, perSecond: count / ((performance.now() - started) / 1000) };
  const { result: submissions, cpu } = await measureCpuTime(pid, () => measureSubmissions(networks, settings));
  const stored = submissions.accepted + submissions.staleReads;
  const pending = await countPending(db, settings.collegeCode);
  if (pending !== stored) throw new Error(`${stored} submissions were accepted; the read model holds ${pending}`);
  return { sessions, submissions, cpu };
}

async function measureApi(url, db, deep) {
  const server = await startServer(url);
  try {
    return { ...(await measureFeed(server.baseUrl, deep)), ...(await measurePosts(server, db)) };
  } finally {
    await server.stop();
  }
}

/** The raw reads and writes the API's figures are compared with, on the same data and with the same concurrency. */
async function measureBaselines(url, deep) {
  const { collegeCode, pageSize } = settings;
  return {
    first: await measureQueryBaseline(url, settings, feedBaselineQuery(collegeCode, null, pageSize)),
    deep: await measureQueryBaseline(url, settings, feedBaselineQuery(collegeCode, deep.after, pageSize)),
    insert: await measureBaseline(url, settings),
  };
}

async function measureConfessions(url) {
  const db = new PostgresDatabase({ connectionString: url, maxConnections: 8, applicationName: 'scb-bench' });
  try {
    const store = await PostgresEventStore.open(db);
    const seed = await seedApprovedConfessions(db, store, {
      count: settings.confessions,
      collegeCode: settings.collegeCode,
    }).finally(() => store.close());
    const deep = await cursorAfterPage(db, settings.collegeCode, settings.deepPage, settings.pageSize);
    const baselines = await measureBaselines(url, deep);
    const api = await measureApi(url, db, deep);
    return { server: await describeServer(db), settings, seed, baselines, ...api };
  } finally {
    await db.close();
  }
}

try {
  console.log(formatConfessionsReport(await withScratchDatabase(serverUrl(), measureConfessions)));
} catch (error) {
  console.error('Benchmark failed:', error);
  process.exitCode = 1;
}
