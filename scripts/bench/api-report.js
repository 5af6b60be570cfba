import { describeFailures } from './failures.js';
import { count, latency, ms, share, verdict } from './report.js';
import { percentile } from './stats.js';

export const seconds = (milliseconds, digits = 1) => `${(milliseconds / 1000).toFixed(digits)} s`;
const cpuMs = (milliseconds) => `${milliseconds.toFixed(2)} ms`;

/** Every failure of a measurement, named: '' when there was none. */
export const failures = (result) => describeFailures(result.failures);

/** A row of the figures table: the rate, its share of `baseline` (100% for a baseline itself), latencies and failures. */
export function row(name, result, unit, baseline) {
  return [
    name,
    `${count(result.perSecond)} ${unit}`,
    baseline ? share(result.perSecond / baseline.perSecond) : '100%',
    [latency(result), failures(result)].filter(Boolean).join(', '),
  ];
}

/** The table's rows for the measurements of one level taken by api-measurements.js, against `baselines` labelled `on`. */
export function apiRows(level, baselines, { on, deepPage, likeConfessions }) {
  const rows = [row(`Baseline: indexed SELECT, first page (${on})`, baselines.first, 'queries/s')];
  if (level.first)
    rows.push(row('GET /api/confessions, first page, anonymous', level.first, 'requests/s', baselines.first));
  rows.push(
    row('GET /api/confessions, first page, with a session', level.firstWithSession, 'requests/s', baselines.first),
  );
  if (level.deepWithSession) {
    rows.push(row(`Baseline: indexed SELECT, page ${count(deepPage)} (${on})`, baselines.deep, 'queries/s'));
    if (level.deep)
      rows.push(
        row(
          `GET /api/confessions, cursor of page ${count(deepPage)}, anonymous`,
          level.deep,
          'requests/s',
          baselines.deep,
        ),
      );
    rows.push(
      row(
        `GET /api/confessions, cursor of page ${count(deepPage)}, with a session`,
        level.deepWithSession,
        'requests/s',
        baselines.deep,
      ),
    );
  }
  rows.push(row(`Baseline: single-row INSERT (${on})`, baselines.insert, 'tx/s'));
  rows.push(row('POST /api/confessions, accepted', level.submissions, 'submissions/s', baselines.insert));
  rows.push(
    row(
      `POST /api/confessions/{id}/like, ${count(likeConfessions)} confessions`,
      level.likes,
      'toggles/s',
      baselines.insert,
    ),
  );
  if (level.likesOnOne)
    rows.push(
      row('  the same, every client on one confession (informative)', level.likesOnOne, 'toggles/s', baselines.insert),
    );
  if (level.likesBackToBack) {
    const { concurrency, paced } = level.likesBackToBack;
    rows.push(
      row(
        `  back to back: ${concurrency} clients, each one visitor on its own confession`,
        level.likesBackToBack,
        'toggles/s',
        baselines.insert,
      ),
      row(
        `    the same, offered at ${count(paced.offeredPerSecond)}/s (timed after ${paced.warmupMs / 1000} s at that rate)`,
        paced,
        'toggles/s',
        baselines.insert,
      ),
    );
  }
  return rows;
}

/** How many of the like toggles sent (warm-up included) were likes and how many unlikes. */
export function toggleLine(level) {
  const sent = (result) => `${count(result.likesSent)} likes and ${count(result.unlikesSent)} unlikes`;
  const one = level.likesOnOne ? `; on one confession ${sent(level.likesOnOne)}` : '';
  const backToBack = level.likesBackToBack
    ? `; back to back ${sent(level.likesBackToBack)}, then ${sent(level.likesBackToBack.paced)} at the offered rate`
    : '';
  return `Like toggles sent: ${sent(level.likes)}${one}${backToBack}`;
}

/** The measurements of one level that cpu-time.js timed, by name. */
function timedOperations(level) {
  return [
    ['GET first page, anonymous', level.first],
    ['GET first page, with a session', level.firstWithSession],
    ['GET deep page, anonymous', level.deep],
    ['GET deep page, with a session', level.deepWithSession],
    ['POST accepted submission', level.submissions],
    ['POST like toggle', level.likes],
    ['POST like toggle, one confession', level.likesOnOne],
    ['POST like toggle, back to back', level.likesBackToBack],
    ['POST like toggle, back to back, paced', level.likesBackToBack?.paced],
  ].filter(([, result]) => result?.cpu);
}

/**
 * CPU time per operation of each process, over every operation of the loop (warm-up included),
 * and the rate at which that cost fills every CPU of the machine: a ceiling no tuning of one part
 * can pass while the parts share the machine. 'Rest of machine' is whatever else the machine ran
 * meanwhile (other work, kernel threads), which competed for the same CPUs.
 */
export function cpuRows(level, cpus, options) {
  return cpuTable(timedOperations(level), cpus, options);
}

/** The same for any measurements: `[name, result]` pairs, those without CPU figures left out. */
export function cpuTable(measurements, cpus, { serverLabel, postgres }) {
  const header = [
    'CPU time per operation',
    serverLabel,
    ...(postgres ? ['PostgreSQL'] : []),
    'load generator',
    'total',
    `${cpus} CPUs full at`,
    'rest of machine',
  ];
  const rows = measurements
    .filter(([, result]) => result?.cpu)
    .map(([name, { cpu, operations }]) => {
      const each = (value) => value / operations;
      const total = each(cpu.serverMs) + each(cpu.postgresMs ?? 0) + each(cpu.loadMs);
      return [
        name,
        cpuMs(each(cpu.serverMs)),
        ...(postgres ? [cpuMs(each(cpu.postgresMs))] : []),
        cpuMs(each(cpu.loadMs)),
        cpuMs(total),
        `${count((cpus * 1000) / total)}/s`,
        cpuMs(each(cpu.otherMs)),
      ];
    });
  return rows.length === 0 ? [] : [header, ...rows];
}

/**
 * A target line: met when `result`'s rate reaches `atLeast` (0..1) of `baseline`'s (named `of`),
 * its p99 is within `p99Ms` when given, nothing failed and there is no `problem` (found after).
 */
export function shareTarget(what, result, { baseline, of, atLeast, p99Ms, problem }) {
  const p99 = percentile(result.latencies, 99);
  const ratio = result.perSecond / baseline.perSecond;
  const problems = [failures(result), problem].filter(Boolean).join(', ');
  const met = ratio >= atLeast && (p99Ms === undefined || p99 <= p99Ms) && !problems;
  const limit = p99Ms === undefined ? '' : `, p99 <= ${p99Ms} ms`;
  const figure = `${share(ratio)} (${count(result.perSecond)}/s against ${count(baseline.perSecond)}/s)`;
  const tail = [p99Ms === undefined ? '' : `p99 ${ms(p99)}`, problems].filter(Boolean).join(', ');
  return `Target ${what} >= ${share(atLeast)} of ${of}${limit}: ${figure}${tail ? `, ${tail}` : ''} -> ${verdict(met)}`;
}

/** The requests preparing the measurements that were answered 503 and retried (setup-request.js), if any. */
export function retryLines(retries) {
  if (retries.count === 0) return [];
  return [
    `Setup: ${count(retries.count)} requests preparing a measurement were answered 503 and retried (${seconds(retries.ms)}): the server's read models stalled`,
  ];
}

/** What the read models held afterwards (api-checks.js), as a line; problems make the figures' targets fail too. */
export function checkLine(checks) {
  const pending = `${count(checks.pending)} pending confessions for ${count(checks.created)} submissions answered 201${checks.uncertain ? ` and ${count(checks.uncertain)} without a clear answer` : ''}`;
  const likes = checks.likesOff
    ? `${count(checks.likesOff)} of ${count(checks.likeConfessions)} toggled confessions hold a like count their acknowledged toggles do not allow`
    : `all ${count(checks.likeConfessions)} toggled confessions hold the like counts their acknowledged toggles make`;
  return `Afterwards, the read models: ${pending} -> ${checks.pendingOk ? 'consistent' : 'NOT consistent'}; ${likes}`;
}

/** Latencies a tap feels as instant. */
const backToBackLatencyTargets = { p50Ms: 10, p99Ms: 50 };

/**
 * The back-to-back like toggles against the in-memory app this product's spec comes from, as
 * measured on this pattern on this machine (docs/performance.md): at least its rate, and at that
 * rate, `backToBackLatencyTargets`.
 */
export function backToBackTarget(level) {
  const { paced } = level.likesBackToBack;
  const [p50, p99] = [50, 99].map((n) => percentile(paced.latencies, n));
  const problems = [failures(level.likesBackToBack), failures(paced)].filter(Boolean).join(', ');
  const { p50Ms, p99Ms } = backToBackLatencyTargets;
  const rate = paced.offeredPerSecond;
  const met = level.likesBackToBack.perSecond >= rate && p50 <= p50Ms && p99 <= p99Ms && !problems;
  return `Target like toggles back to back >= ${count(rate)}/s (the in-memory app's), and at that rate p50 <= ${p50Ms} ms, p99 <= ${p99Ms} ms: ${count(level.likesBackToBack.perSecond)}/s; at ${count(rate)}/s p50 ${ms(p50)}, p99 ${ms(p99)}${problems ? `, ${problems}` : ''} -> ${verdict(met)}`;
}
