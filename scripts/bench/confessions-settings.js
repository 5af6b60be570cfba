import { limits, rateLimits } from '@secretchatbox/contracts';
import { sessionsPerNetwork } from './confessions-data.js';

/** How many confessions to seed: BENCH_CONFESSIONS when set (at least 10,000), otherwise `otherwise`. */
export function confessionCount(otherwise) {
  const variable = process.env.BENCH_CONFESSIONS;
  if (!variable) return otherwise;
  const count = Number(variable);
  if (!Number.isInteger(count) || count < 10_000)
    throw new Error(`BENCH_CONFESSIONS must be a whole number of at least 10,000`);
  return count;
}

/** What the confessions benchmarks seed and how they load the server, in either mode. */
export const settings = {
  collegeCode: 'C001',
  confessions: confessionCount(100_000),
  pageSize: limits.feedPage.default,
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
  likeVisitorsPerWorker: 8,
  likeConfessionsPerWorker: 32,
  likesPerNetwork: rateLimits.likes.limit,
  // The back-to-back like toggles: this many clients, each one visitor on a confession of its own,
  // warmed up for long enough that each visitor's like stream holds a few hundred toggles before
  // the measured window, as a student's who taps often does.
  backToBackTogglers: 50,
  backToBackWarmupMs: 10_000,
  // Then offered at the rate the in-memory app this product's spec comes from reached on this
  // pattern on this machine (docs/performance.md), for the latency a tap feels at that load.
  backToBackPacedPerSecond: 1273,
  // Of the paced `durationMs`, the first part is not timed: the clients' first toggles open their
  // connections, from new addresses, all in the same few milliseconds.
  backToBackPacedWarmupMs: 1000,
  // The like toggles use confessions from this far down the feed, away from the pages read.
  likeConfessionsFrom: 1000,
  // Starts of the server on the loaded data, one after the other, for the median start time.
  restarts: 3,
};

/** The deep page read: the middle of the feed (page 2,501 of 5,000 with 100,000 confessions). */
export const deepPage = (confessions) => Math.floor(confessions / settings.pageSize / 2);

/** How many confessions the like toggles of `levels` use: their own for each client, one for all, and one per back-to-back toggler. */
export const likeConfessionsNeeded = (levels) =>
  levels.reduce(
    (total, level) =>
      total +
      level.concurrency * settings.likeConfessionsPerWorker +
      1 +
      (level.likesBackToBack ? settings.backToBackTogglers : 0),
    0,
  );

/** The anonymous feed's first page of the seeded college. */
export const firstFeedPage = `/api/confessions?collegeCode=${settings.collegeCode}`;

/** The feed's first page and the page after `deep` (cursorAfterPage), as api-measurements.js reads them. */
export function feedPages(deep) {
  return {
    first: { path: firstFeedPage },
    deep: { path: `${firstFeedPage}&cursor=${deep.cursor}`, firstId: deep.nextId },
  };
}
