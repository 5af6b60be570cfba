import { cpuTable, failures, retryLines, row, seconds } from './api-report.js';
import { describeFailures } from './failures.js';
import { count, ms, share, table, verdict } from './report.js';
import { percentile } from './stats.js';

const targets = {
  historyPerSecond: 3_000,
  historyP99Ms: 30,
  fanOutP95Ms: 100,
  deliveriesPerSecond: 20_000,
};

function historyTarget(what, result, baseline) {
  const p99 = percentile(result.latencies, 99);
  const problems = failures(result);
  const met = result.perSecond >= targets.historyPerSecond && p99 <= targets.historyP99Ms && !problems;
  return `Target ${what} >= ${count(targets.historyPerSecond)} requests/s, p99 <= ${targets.historyP99Ms} ms: ${count(result.perSecond)}/s (${share(result.perSecond / baseline.perSecond)} of its indexed SELECT), p99 ${ms(p99)}${problems ? `, ${problems}` : ''} -> ${verdict(met)}`;
}

function fanOutLines(fanOut) {
  const lost = fanOut.expected - fanOut.delivered;
  const cpuPerDelivery = (value) => `${((value / fanOut.delivered) * 1000).toFixed(1)} µs`;
  const cpu = fanOut.cpu;
  const problems = [describeFailures(fanOut.failures), lost ? `${count(lost)} deliveries missing` : '']
    .filter(Boolean)
    .join(', ');
  const met =
    fanOut.p95 <= targets.fanOutP95Ms && fanOut.deliveriesPerSecond >= targets.deliveriesPerSecond && !problems;
  return [
    `Fan-out: ${count(fanOut.clients)} sockets in one room over ${fanOut.instances} instances joined by Redis (connected and joined in ${seconds(fanOut.connectMs)}), ${count(fanOut.timedMessages)} messages timed`,
    `  delivery latency (POST sent to socket received) p50 ${ms(fanOut.p50)}, p95 ${ms(fanOut.p95)}, p99 ${ms(fanOut.p99)}; ${count(fanOut.delivered)} of ${count(fanOut.expected)} deliveries, ${count(fanOut.deliveriesPerSecond)}/s`,
    cpu
      ? `  CPU per delivery: servers ${cpuPerDelivery(cpu.serverMs)}, PostgreSQL ${cpuPerDelivery(cpu.postgresMs ?? 0)}, load generator ${cpuPerDelivery(cpu.loadMs)}, rest of machine (Redis among it) ${cpuPerDelivery(cpu.otherMs)}`
      : '  CPU per delivery: not measurable here',
    `Target fan-out p95 <= ${targets.fanOutP95Ms} ms and >= ${count(targets.deliveriesPerSecond)} deliveries/s: p95 ${ms(fanOut.p95)}, ${count(fanOut.deliveriesPerSecond)}/s${problems ? `, ${problems}` : ''} -> ${verdict(met)}`,
  ];
}

/** The chat part's figures as one table, the CPU it cost, then one line per target. */
export function formatChatReport({ server, settings, seed, baselines, history, posts, stored, retries, fanOut }) {
  const on = 'pg';
  const deep = `cursor half way back (${count(settings.messages / 2)} messages)`;
  const rows = [
    ['Measurement', 'Figure', 'vs baseline', 'Latency p50 / p99'],
    row(`Baseline: indexed SELECT, latest page (${on})`, baselines.latest, 'queries/s'),
    row('GET /api/chat/rooms/{id}/messages, latest page', history.latest, 'requests/s', baselines.latest),
    row(`Baseline: indexed SELECT, ${deep} (${on})`, baselines.deep, 'queries/s'),
    row(`GET /api/chat/rooms/{id}/messages, ${deep}`, history.deep, 'requests/s', baselines.deep),
    row(`Baseline: single-row INSERT (${on})`, baselines.insert, 'tx/s'),
    row('POST /api/chat/rooms/{id}/messages, accepted', posts, 'messages/s', baselines.insert),
  ];
  const timed = [
    ['GET latest page', history.latest],
    ['GET deep cursor page', history.deep],
    ['POST accepted message', posts],
  ];
  const cpu = cpuTable(timed, server.cpus, { serverLabel: 'server', postgres: true });
  const storedOk = stored === posts.created;
  return [
    `Chat benchmark: ${server.version}, synchronous_commit=${server.synchronousCommit}, ${server.cpus} CPUs`,
    `${count(seed.messages)} messages seeded in one room (readable after ${seconds(seed.readableMs)}); ${settings.concurrency} concurrent clients, ${settings.durationMs / 1000} s measured after ${settings.warmupMs / 1000} s warm-up; pages of ${settings.pageSize}`,
    '',
    table(rows),
    ...(cpu.length ? ['', table(cpu)] : []),
    '',
    ...retryLines(retries),
    `Afterwards, the history holds ${count(stored)} new messages for ${count(posts.created)} answered 201${posts.uncertain ? ` and ${count(posts.uncertain)} without a clear answer` : ''} -> ${storedOk ? 'consistent' : 'NOT consistent'}`,
    historyTarget('GET latest page', history.latest, baselines.latest),
    historyTarget('GET deep cursor page', history.deep, baselines.deep),
    `Posting (no target): ${count(posts.perSecond)} messages/s, ${share(posts.perSecond / baselines.insert.perSecond)} of the single-row INSERT, p99 ${ms(percentile(posts.latencies, 99))}`,
    ...fanOutLines(fanOut),
  ].join('\n');
}
