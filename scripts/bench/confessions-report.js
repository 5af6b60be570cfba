import {
  apiRows,
  backToBackTarget,
  checkLine,
  cpuRows,
  failures,
  retryLines,
  seconds,
  shareTarget,
  toggleLine,
} from './api-report.js';
import { footprintLines } from './footprint-report.js';
import { count, ms, share, table, verdict } from './report.js';
import { percentile } from './stats.js';

const targets = {
  anonymousFeedPerSecond: 5_000,
  anonymousFeedP99Ms: 25,
  sessionFeedShare: 0.5,
  submissionsShare: 0.2,
  submissionsP99Ms: 50,
  likesShare: 0.25,
  likesP99Ms: 50,
  rebuildEventsPerSecond: 25_000,
};

function absoluteTarget(what, result, perSecond, p99Ms, unit) {
  const p99 = percentile(result.latencies, 99);
  const problems = failures(result);
  const met = result.perSecond >= perSecond && p99 <= p99Ms && !problems;
  return `Target ${what} >= ${count(perSecond)} ${unit}, p99 <= ${p99Ms} ms: ${count(result.perSecond)} ${unit}, p99 ${ms(p99)}${problems ? `, ${problems}` : ''} -> ${verdict(met)}`;
}

export const rebuildPerSecond = (seed) => seed.events / (seed.rebuildMs / 1000);

/** The targets every mode shares: each a share of a raw baseline of the same run. */
export function shareTargets(level, baselines, checks, on) {
  const select = `its indexed SELECT (${on})`;
  const insert = `the single-row INSERT (${on})`;
  return [
    shareTarget('GET first page with a session', level.firstWithSession, {
      baseline: baselines.first,
      of: select,
      atLeast: targets.sessionFeedShare,
    }),
    shareTarget('GET deep cursor page with a session', level.deepWithSession, {
      baseline: baselines.deep,
      of: select,
      atLeast: targets.sessionFeedShare,
    }),
    shareTarget('POST accepted, read-your-writes', level.submissions, {
      baseline: baselines.insert,
      of: insert,
      atLeast: targets.submissionsShare,
      p99Ms: targets.submissionsP99Ms,
      problem: checks.pendingOk ? '' : 'submissions missing from the read model',
    }),
    shareTarget('like toggles, read-your-writes', level.likes, {
      baseline: baselines.insert,
      of: insert,
      atLeast: targets.likesShare,
      p99Ms: targets.likesP99Ms,
      problem: checks.likesOff ? 'like counts off in the read model' : '',
    }),
  ];
}

/** Rebuild speed of the seed: a target on a server, informative elsewhere. */
export function rebuildLine(seed, { target }) {
  const perSecond = rebuildPerSecond(seed);
  const withoutJournal = seed.rebuildWithoutJournalMs
    ? `; without the audit journal, in the same run: ${count(seed.events / (seed.rebuildWithoutJournalMs / 1000))} events/s, so the journal takes ${share(1 - seed.rebuildWithoutJournalMs / seed.rebuildMs)} of the rebuild's time`
    : '';
  const figure = `${count(perSecond)} events/s (${count(seed.events)} events in ${seconds(seed.rebuildMs)}${withoutJournal})`;
  if (!target) return `Rebuild of the read models (informative): ${figure}`;
  return `Target rebuild >= ${count(targets.rebuildEventsPerSecond)} events/s: ${figure} -> ${verdict(perSecond >= targets.rebuildEventsPerSecond)}`;
}

/** The figures as one table, each against its raw baseline, the CPU time of each, then one line per target. */
export function formatConfessionsReport(results) {
  const { server, settings, seed, baselines, levels, retries, checks, footprint } = results;
  const [level] = levels;
  const rows = [
    ['Measurement', 'Figure', 'vs baseline', 'Latency p50 / p99, failures'],
    ...apiRows(level, baselines, {
      on: 'pg',
      deepPage: settings.deepPage + 1,
      likeConfessions: level.concurrency * settings.likeConfessionsPerWorker,
    }),
    [
      'Sessions started before submissions (informative)',
      `${count(level.sessions.perSecond)} sessions/s`,
      '',
      `${count(level.sessions.count)} on ${count(level.sessions.networks)} networks`,
    ],
  ];
  return [
    `Confessions HTTP benchmark: ${server.version}, synchronous_commit=${server.synchronousCommit}, ${server.cpus} CPUs`,
    seedLine(seed, settings),
    `Server in its own process (LOG_LEVEL=${settings.logLevel}, pool of ${settings.poolSize}); ${level.concurrency} concurrent clients over keep-alive HTTP/1.1, asking for compression as browsers do`,
    `${settings.durationMs / 1000} s measured after ${settings.warmupMs / 1000} s warm-up each; baselines with the same concurrency; pages of ${settings.pageSize}`,
    ...describeLoad(settings),
    '',
    table(rows),
    toggleLine(level),
    '',
    table(cpuRows(level, server.cpus, { serverLabel: 'server', postgres: true })),
    "PostgreSQL: its backends for the benchmark's database and its shared processes. Rest of machine: whatever else ran meanwhile (other work, kernel threads)",
    '',
    ...retryLines(retries),
    checkLine(checks),
    '',
    absoluteTarget(
      'GET first page, anonymous',
      level.first,
      targets.anonymousFeedPerSecond,
      targets.anonymousFeedP99Ms,
      'requests/s',
    ),
    absoluteTarget(
      'GET deep cursor page, anonymous',
      level.deep,
      targets.anonymousFeedPerSecond,
      targets.anonymousFeedP99Ms,
      'requests/s',
    ),
    ...shareTargets(level, baselines, checks, 'pg'),
    backToBackTarget(level),
    rebuildLine(seed, { target: true }),
    '',
    ...footprintLines(footprint),
  ].join('\n');
}

/** What was seeded, and any wait for transactions open elsewhere on the server before the rebuild could read it. */
export function seedLine(seed, settings) {
  const waited =
    seed.waitedMs >= 1000
      ? `, after waiting ${seconds(seed.waitedMs)} for transactions open elsewhere on the server`
      : '';
  return `${count(seed.approved)} approved confessions in ${settings.collegeCode} (${count(seed.events)} events appended in ${seconds(seed.appendedMs)}, the approvals linked into the audit chain in ${seconds(seed.chainMs)}, read models rebuilt in ${seconds(seed.rebuildMs)}${waited})`;
}

/** How the load is made, in the words both modes' reports use. */
export function describeLoad(settings) {
  return [
    "Anonymous feed readers may be answered from the server's cache of whole answers (emptied whenever a projection applies events); a session never is. Each client with a session is its own visitor, who liked two items of each page read",
    `Rate limits at their defaults: each network is a loopback source address (127.1.x.y); submissions from networks of ${settings.sessionsPerNetwork} sessions of ${settings.dailyConfessions} confessions each`,
    `Like toggles: each client is its own ${settings.likeVisitorsPerWorker} visitors and goes through its own ${settings.likeConfessionsPerWorker} confessions: every visitor toggles one, then half of them toggle it back (liked, unliked, liked…), from a new network every ${count(settings.likesPerNetwork)} toggles; every answer must flip the visitor's liked and give a like count the toggles sent allow (exact when no other client toggles that confession)`,
  ];
}
