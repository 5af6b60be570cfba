// Measures the confessions API with the server in embedded mode (no DATABASE_URL: PGlite in its
// DATA_DIR, in the server's process): the feed with and without a session, submissions and like
// toggles at 16 concurrent clients against raw PGlite baselines, and at 50 against fixed
// reference figures; then the server's memory after that load, the storage it holds, and how
// long a start takes on an empty folder and on the loaded one. Part of `npm run bench`
// (BENCH_ONLY=embedded).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStorage } from '@secretchatbox/projections';
import { checkReadModels } from './api-checks.js';
import { measureApi } from './api-measurements.js';
import {
  confessionsForLikes,
  cursorAfterPage,
  feedBaselineQuery,
  seedApprovedConfessions,
} from './confessions-data.js';
import {
  settings as baseSettings,
  confessionCount,
  deepPage,
  feedPages,
  firstFeedPage,
  likeConfessionsNeeded,
} from './confessions-settings.js';
import { measurePgliteInsert, measurePgliteQuery } from './embedded-baselines.js';
import { formatEmbeddedReport } from './embedded-report.js';
import { timeStarts } from './first-answer.js';
import { memoryAfterLoad } from './process-memory.js';
import { describeServer } from './scratch-database.js';
import { startServer } from './server-process.js';
import { databaseParts, folderBytes } from './storage-footprint.js';

// Seeding through PGlite (appends, then the rebuild) takes about 1 minute per 50,000 confessions
// on two idle cores, and 2 or more while other work runs.
const confessions = confessionCount(100_000);
const settings = {
  ...baseSettings,
  confessions,
  deepPage: deepPage(confessions),
  // PGlite runs every query of the server on one thread: fewer submissions fit in a second.
  postsPerSecondCapacity: 4000,
};
const embeddedEnv = (dataDir) => ({
  DATABASE_URL: '',
  EVENTSTORE_CONNECTION_STRING: '',
  DATA_DIR: dataDir,
  LOG_LEVEL: settings.logLevel,
});
const startTargetsMs = { emptyFolder: 3000, restart: 1500 };
const rssTargetMb = 300;
const levels = [
  {
    concurrency: settings.concurrency,
    anonymousFeed: true,
    deepPageWithSession: true,
    likesOnOneConfession: true,
    likesBackToBack: true,
  },
  { concurrency: 50 },
];

/**
 * Seeds the data folder the server will open, in this process, through the same storage the
 * server uses (openStorage without DATABASE_URL), and takes the indexed SELECT baselines on it
 * before closing it: only one process may open a data folder.
 */
async function seedDataFolder(dataDir) {
  const { db, store, close } = await openStorage({ DATA_DIR: dataDir }, 'scb-bench');
  try {
    const { collegeCode, pageSize } = settings;
    const seed = await seedApprovedConfessions(db, store, { count: settings.confessions, collegeCode });
    const deep = await cursorAfterPage(db, collegeCode, settings.deepPage, pageSize);
    const likeTargets = await confessionsForLikes(
      db,
      collegeCode,
      settings.likeConfessionsFrom,
      likeConfessionsNeeded(levels),
    );
    const baselines = {
      first: await measurePgliteQuery(db, settings, feedBaselineQuery(collegeCode, null, pageSize)),
      deep: await measurePgliteQuery(db, settings, feedBaselineQuery(collegeCode, deep.after, pageSize)),
    };
    return {
      server: await describeServer(db),
      seed,
      baselines,
      plan: { settings, pages: feedPages(deep), likeTargets },
    };
  } finally {
    await close();
  }
}

/**
 * The read models as the server left them, checked against its answers once it has stopped, and
 * what the database holds by part.
 */
async function checkDataFolder(dataDir, api) {
  const { db, close } = await openStorage({ DATA_DIR: dataDir }, 'scb-bench');
  try {
    return { checks: await checkReadModels(db, settings.collegeCode, api), storage: await databaseParts(db) };
  } finally {
    await close();
  }
}

async function measureEmbedded(folder) {
  const dataDir = join(folder, 'data');
  const emptyFolder = await timeStarts(embeddedEnv(join(folder, 'empty')), firstFeedPage, 1);
  const seeded = await seedDataFolder(dataDir);
  const insert = await measurePgliteInsert(join(folder, 'baseline'), settings);
  const server = await startServer(embeddedEnv(dataDir));
  const { api, memory } = await measureApi(server, seeded.plan, levels, null)
    .then(async (measured) => ({ api: measured, memory: await memoryAfterLoad(server) }))
    .finally(() => server.stop());
  const { checks, storage } = await checkDataFolder(dataDir, api);
  const restart = await timeStarts(embeddedEnv(dataDir), firstFeedPage, settings.restarts);
  const baselines = { ...seeded.baselines, insert };
  return {
    footprint: {
      confessions: settings.confessions,
      starts: [
        { what: 'first start on an empty data folder', result: emptyFolder, targetMs: startTargetsMs.emptyFolder },
        {
          what: `restart at ${settings.confessions.toLocaleString('en-US')} confessions`,
          result: restart,
          targetMs: startTargetsMs.restart,
        },
      ],
      memory,
      rssTargetMb,
      storage,
      folderBytes: await folderBytes(dataDir),
    },
    server: seeded.server,
    settings,
    seed: seeded.seed,
    baselines,
    levels: api.levels,
    retries: api.retries,
    checks,
  };
}

const folder = mkdtempSync(join(tmpdir(), 'scb-bench-embedded-'));
const removeFolder = () => rmSync(folder, { recursive: true, force: true });
const onSignal = (signal) => {
  removeFolder();
  process.exit(signal === 'SIGINT' ? 130 : 143);
};
process.once('SIGINT', onSignal).once('SIGTERM', onSignal);
try {
  console.log(formatEmbeddedReport(await measureEmbedded(folder)));
} catch (error) {
  console.error('Benchmark failed:', error);
  process.exitCode = 1;
} finally {
  removeFolder();
}
