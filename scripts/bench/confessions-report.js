import { count, latency, ms, share, table, verdict } from './report.js';
import { percentile } from './stats.js';

const targets = {
  feedPerSecond: 5_000,
  feedP99Ms: 25,
  submissionsPerSecond: 2_500,
  submissionsP99Ms: 50,
};

const seconds = (milliseconds) => `${(milliseconds / 1000).toFixed(1)} s`;

function failures({ failed = 0, refused = 0, staleReads = 0 }) {
  const notes = [failed && `${count(failed)} not 200`, refused && `${count(refused)} not 201`];
  if (staleReads) notes.push(`${count(staleReads)} missed their own write`);
  return notes.filter(Boolean).join(', ');
}

function target(what, result, perSecond, p99Ms, unit) {
  const p99 = percentile(result.latencies, 99);
  const problems = failures(result);
  const met = result.perSecond >= perSecond && p99 <= p99Ms && !problems;
  return `Target ${what} >= ${count(perSecond)} ${unit}, p99 <= ${p99Ms} ms: ${count(result.perSecond)} ${unit}, p99 ${ms(p99)}${problems ? `, ${problems}` : ''} -> ${verdict(met)}`;
}

/**
 * What an accepted submission cost in CPU time, and the rate at which that cost fills every CPU
 * of the machine: a ceiling no tuning of one part can pass while the parts share the machine.
 */
function cpuCost(cpu, submissions, cpus) {
  if (!cpu || submissions.accepted === 0) return [];
  const each = (ms) => ms / submissions.accepted;
  const total = each(cpu.serverMs) + each(cpu.postgresMs) + each(cpu.loadMs);
  return [
    '',
    `CPU time per accepted submission: server ${each(cpu.serverMs).toFixed(2)} ms, PostgreSQL ${each(cpu.postgresMs).toFixed(2)} ms, load generator ${each(cpu.loadMs).toFixed(2)} ms;` +
      ` ${cpus} CPUs are full at about ${count((cpus * 1000) / total)} submissions/s`,
  ];
}

/** The figures as one table, each against its raw baseline, then one line per target. */
export function formatConfessionsReport(results) {
  const { server, settings, seed, baselines, first, deep, deepAsVisitor, sessions, submissions, cpu } = results;
  const row = (name, result, unit, baseline) => [
    name,
    `${count(result.perSecond)} ${unit}`,
    baseline ? share(result.perSecond / baseline.perSecond) : '100%',
    [latency(result), failures(result)].filter(Boolean).join(', '),
  ];
  const page = count(settings.deepPage + 1);
  const rows = [
    ['Measurement', 'Figure', 'vs baseline', 'Latency p50 / p99'],
    row('Baseline: indexed SELECT, first page (pg)', baselines.first, 'queries/s'),
    row('GET /api/confessions, first page', first, 'requests/s', baselines.first),
    row(`Baseline: indexed SELECT, page ${page} (pg)`, baselines.deep, 'queries/s'),
    row(`GET /api/confessions, cursor of page ${page}`, deep, 'requests/s', baselines.deep),
    row('  the same with a session (informative)', deepAsVisitor, 'requests/s', baselines.deep),
    row('Baseline: single-row INSERT (pg)', baselines.insert, 'tx/s'),
    row('POST /api/confessions, accepted', submissions, 'submissions/s', baselines.insert),
    [
      'Sessions started before (informative)',
      `${count(sessions.perSecond)} sessions/s`,
      '',
      `${count(sessions.count)} on ${count(sessions.networks)} networks`,
    ],
  ];
  return [
    `Confessions HTTP benchmark: ${server.version}, synchronous_commit=${server.synchronousCommit}, ${server.cpus} CPUs`,
    `${count(seed.approved)} approved confessions in ${settings.collegeCode} (${count(seed.events)} events appended in ${seconds(seed.appendedMs)}, read models rebuilt in ${seconds(seed.rebuildMs)})`,
    `Server in its own process (LOG_LEVEL=${settings.logLevel}, pool of ${settings.poolSize}); ${settings.concurrency} concurrent clients over keep-alive HTTP/1.1, asking for compression as browsers do`,
    `${settings.durationMs / 1000} s measured after ${settings.warmupMs / 1000} s warm-up each; baselines with the same concurrency; pages of ${settings.pageSize}`,
    'Feed readers are anonymous, which the server may answer from its cache of whole answers (emptied whenever a projection applies events); a session is never answered from it',
    `Rate limits at their defaults: each network is a loopback source address (127.1.x.y) with ${settings.sessionsPerNetwork} sessions of ${settings.dailyConfessions} confessions each`,
    '',
    table(rows),
    ...cpuCost(cpu, submissions, server.cpus),
    '',
    target('GET first page', first, targets.feedPerSecond, targets.feedP99Ms, 'requests/s'),
    target('GET deep cursor page', deep, targets.feedPerSecond, targets.feedP99Ms, 'requests/s'),
    target(
      'POST accepted, read-your-writes',
      submissions,
      targets.submissionsPerSecond,
      targets.submissionsP99Ms,
      'submissions/s',
    ),
  ].join('\n');
}
