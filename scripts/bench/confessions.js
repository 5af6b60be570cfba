// Measures the confessions API over HTTP with 100,000 approved confessions in one college: the
// feed's first page and a deep cursor page, anonymous and with a session, submissions from many
// sessions and like toggles, each against a raw `pg` baseline measured in the same run, in a
// scratch database; then the server's memory after that load, the storage it holds and how long
// a restart takes. Part of `npm run bench`.
import { PostgresEventStore } from '@secretchatbox/event-store';
import { checkReadModels } from './api-checks.js';
import { measureApi } from './api-measurements.js';
import {
  confessionsForLikes,
  cursorAfterPage,
  feedBaselineQuery,
  seedApprovedConfessions,
} from './confessions-data.js';
import { formatConfessionsReport } from './confessions-report.js';
import {
  settings as baseSettings,
  deepPage,
  feedPages,
  firstFeedPage,
  likeConfessionsNeeded,
} from './confessions-settings.js';
import { timeStarts } from './first-answer.js';
import { memoryAfterLoad } from './process-memory.js';
import { count } from './report.js';
import { describeServer, openBenchDatabase, serverUrl, withScratchDatabase } from './scratch-database.js';
import { serverEnv, startServer } from './server-process.js';
import { databaseParts } from './storage-footprint.js';
import { measureBaseline, measureQueryBaseline } from './throughput.js';

const settings = { ...baseSettings, deepPage: deepPage(baseSettings.confessions) };
const levels = [
  {
    concurrency: settings.concurrency,
    anonymousFeed: true,
    deepPageWithSession: true,
    likesOnOneConfession: true,
    likesBackToBack: true,
  },
];

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
  const db = await openBenchDatabase(url, 8);
  try {
    const store = await PostgresEventStore.open(db);
    const seed = await seedApprovedConfessions(db, store, {
      count: settings.confessions,
      collegeCode: settings.collegeCode,
      compareWithoutJournal: true,
    }).finally(() => store.close());
    const deep = await cursorAfterPage(db, settings.collegeCode, settings.deepPage, settings.pageSize);
    const plan = {
      settings,
      pages: feedPages(deep),
      likeTargets: await confessionsForLikes(
        db,
        settings.collegeCode,
        settings.likeConfessionsFrom,
        likeConfessionsNeeded(levels),
      ),
    };
    const baselines = await measureBaselines(url, deep);
    const server = await startServer(serverEnv(url, settings));
    const postgres = { db, database: new URL(url).pathname.slice(1) };
    const { api, memory } = await measureApi(server, plan, levels, postgres)
      .then(async (measured) => ({ api: measured, memory: await memoryAfterLoad(server) }))
      .finally(() => server.stop());
    const checks = await checkReadModels(db, settings.collegeCode, api);
    const restart = await timeStarts(serverEnv(url, settings), firstFeedPage, settings.restarts);
    return {
      footprint: {
        confessions: settings.confessions,
        starts: [{ what: `restart at ${count(settings.confessions)} confessions`, result: restart, targetMs: 1000 }],
        memory,
        storage: await databaseParts(db),
      },
      server: await describeServer(db),
      settings,
      seed,
      baselines,
      levels: api.levels,
      retries: api.retries,
      checks,
    };
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
