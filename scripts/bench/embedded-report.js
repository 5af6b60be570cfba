import { apiRows, backToBackTarget, checkLine, cpuRows, failures, retryLines, toggleLine } from './api-report.js';
import { describeLoad, rebuildLine, seedLine, shareTargets } from './confessions-report.js';
import { footprintLines } from './footprint-report.js';
import { count, latency, table, verdict } from './report.js';

/** Today's figures in embedded mode at 50 concurrent connections, measured before any optimisation. */
const references = { likes: 290, submissions: 290, sessionFeed: 490 };
const timesTheReference = 3;

const times = (result, reference) => `${(result.perSecond / reference).toFixed(2)} times`;

/** The figures at 50 connections, each against its reference figure. */
function referenceRows(level) {
  const rows = [
    ['GET /api/confessions, first page, with a session', level.firstWithSession, 'requests/s', references.sessionFeed],
    ['POST /api/confessions, accepted', level.submissions, 'submissions/s', references.submissions],
    ['POST /api/confessions/{id}/like', level.likes, 'toggles/s', references.likes],
  ];
  return [
    ['Measurement', 'Figure', 'vs reference', 'Latency p50 / p99, failures'],
    ...rows.map(([name, result, unit, reference]) => [
      name,
      `${count(result.perSecond)} ${unit}`,
      `${times(result, reference)} ${count(reference)}`,
      [latency(result), failures(result)].filter(Boolean).join(', '),
    ]),
  ];
}

function referenceTarget(what, level, result, reference, problem = '') {
  const problems = [failures(result), problem].filter(Boolean).join(', ');
  const met = result.perSecond >= timesTheReference * reference && !problems;
  return `Target ${what} at ${level.concurrency} connections >= ${timesTheReference} times the reference (${count(reference)}/s): ${count(result.perSecond)}/s, ${times(result, reference)}${problems ? `, ${problems}` : ''} -> ${verdict(met)}`;
}

/** The embedded mode's figures: at 16 clients against PGlite baselines, at 50 against the reference figures. */
export function formatEmbeddedReport({ footprint, server, settings, seed, baselines, levels, retries, checks }) {
  const [level, wide] = levels;
  const cpu = (at) => table(cpuRows(at, server.cpus, { serverLabel: 'server with PGlite', postgres: false }));
  const likeConfessions = level.concurrency * settings.likeConfessionsPerWorker;
  return [
    `Confessions HTTP benchmark, embedded mode: the server in its own process with PGlite (${server.version}) in a temp DATA_DIR, no DATABASE_URL, ${server.cpus} CPUs`,
    seedLine(seed, settings),
    'Seeded in the bench process through the same event store and rebuild, on the data folder the server then opened',
    `Baselines on PGlite in the bench process: the single-row INSERT on a PGlite of its own in a temp folder, the indexed SELECTs on the seeded data folder before the server opened it; ${level.concurrency} at a time, queued on PGlite's one connection`,
    `${settings.durationMs / 1000} s measured after ${settings.warmupMs / 1000} s warm-up each; keep-alive HTTP/1.1 asking for compression; pages of ${settings.pageSize}`,
    ...describeLoad(settings),
    '',
    `${level.concurrency} concurrent clients:`,
    table([
      ['Measurement', 'Figure', 'vs baseline', 'Latency p50 / p99, failures'],
      ...apiRows(level, baselines, { on: 'PGlite', deepPage: settings.deepPage + 1, likeConfessions }),
    ]),
    toggleLine(level),
    '',
    cpu(level),
    '',
    `${wide.concurrency} concurrent clients, against reference figures measured in embedded mode before any optimisation:`,
    table(referenceRows(wide)),
    toggleLine(wide),
    '',
    cpu(wide),
    'Server with PGlite: the whole server process, its database included. Rest of machine: whatever else ran meanwhile (other work, kernel threads)',
    '',
    ...retryLines(retries),
    checkLine(checks),
    '',
    ...shareTargets(level, baselines, checks, 'PGlite'),
    backToBackTarget(level),
    referenceTarget('GET first page with a session', wide, wide.firstWithSession, references.sessionFeed),
    referenceTarget(
      'POST accepted, read-your-writes',
      wide,
      wide.submissions,
      references.submissions,
      checks.pendingOk ? '' : 'submissions missing from the read model',
    ),
    referenceTarget(
      'like toggles, read-your-writes',
      wide,
      wide.likes,
      references.likes,
      checks.likesOff ? 'like counts off in the read model' : '',
    ),
    rebuildLine(seed, { target: false }),
    '',
    ...footprintLines(footprint),
  ].join('\n');
}
