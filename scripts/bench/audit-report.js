import { failures, row, seconds } from './api-report.js';
import { count, ms, share, table, verdict } from './report.js';
import { percentile } from './stats.js';

/** The issue's bound: each answer within 1 s at 100,000 events; asked of the p99. */
const targetP99Ms = 1000;

const labels = {
  logFirstPage: 'GET /api/audit/log, first page',
  logFiltered: 'GET /api/audit/log, college + action + 10 days',
  logByModerator: 'GET /api/audit/log, one moderator',
  queuesAsOf: 'GET /api/audit/queues, one college, 15 days ago',
  queuesAsOfAllColleges: 'GET /api/audit/queues, every college, 15 days ago',
};

/** The audit part's figures as one table, then the verification and one line per target. */
export function formatAuditReport({ server, settings, seed, baseline, api, readAll, verify }) {
  const rows = [
    ['Measurement', 'Figure', 'vs baseline', 'Latency p50 / p99'],
    row('Baseline: indexed SELECT, a log page (pg)', baseline, 'queries/s'),
    ...Object.entries(api).map(([name, result]) => row(labels[name], result, 'requests/s', baseline)),
  ];
  const targets = Object.entries(api).map(([name, result]) => {
    const p99 = percentile(result.latencies, 99);
    const problems = failures(result);
    return `Target ${labels[name]} within 1 s: p99 ${ms(p99)}${problems ? `, ${problems}` : ''} -> ${verdict(p99 <= targetP99Ms && !problems)}`;
  });
  return [
    `Audit benchmark: ${server.version}, synchronous_commit=${server.synchronousCommit}, ${server.cpus} CPUs`,
    `${count(seed.moderationEvents)} moderation events (${count(seed.events)} events) over ${settings.seededDays} days and ${settings.colleges.length} colleges, appended in ${seconds(seed.appendedMs)}, journaled and linked into the chain after ${seconds(seed.linkedMs)}; ${settings.concurrency} concurrent clients, ${settings.durationMs / 1000} s measured after ${settings.warmupMs / 1000} s warm-up`,
    '',
    table(rows),
    '',
    `Baseline: readAll of the whole log, ${count(readAll.events)} events in ${seconds(readAll.elapsedMs)}: ${count(readAll.perSecond)} events/s`,
    `audit:verify: ${count(verify.links)} links over ${count(verify.events)} events in ${seconds(verify.elapsedMs)}: ${count(verify.perSecond)} links/s (${share(verify.events / verify.elapsedMs / (readAll.perSecond / 1000))} of readAll's pace through the log)`,
    ...targets,
  ].join('\n');
}
