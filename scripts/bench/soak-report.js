import { describeFailures } from './failures.js';
import { count, share, table, verdict } from './report.js';

const targets = { lastMinuteShare: 0.9, rssGrowth: 1.1 };

/** The sample taken nearest to `atMs`. */
const sampleAt = (samples, atMs) =>
  samples.reduce((best, sample) => (Math.abs(sample.atMs - atMs) < Math.abs(best.atMs - atMs) ? sample : best));

function minuteRows({ settings, perMinute, samples, server }) {
  const rows = [
    [
      'Minute',
      'Submissions/s',
      'Like toggles/s',
      'Sessions started/s',
      'CPU per write: server',
      'PostgreSQL',
      'load generator',
      'WAL',
      'CPUs busy',
      'Server RSS',
    ],
  ];
  for (let minute = 0; minute < settings.minutes; minute += 1) {
    const writes = ['submissions', 'likes', 'sessions'].map((kind) => perMinute[kind][minute] ?? 0);
    const [start, end] = [sampleAt(samples, minute * 60_000), sampleAt(samples, (minute + 1) * 60_000)];
    const spent = (key) => end[key] - start[key];
    const total = writes.reduce((sum, n) => sum + n, 0);
    const perWrite = (ms) => (total ? `${(ms / total).toFixed(2)} ms` : '-');
    rows.push([
      String(minute + 1),
      ...writes.map((n) => count(n / 60)),
      perWrite(spent('cpuMs')),
      perWrite(spent('postgresMs')),
      perWrite(spent('loadMs')),
      total ? `${(spent('walBytes') / total / 1024).toFixed(1)} KB` : '-',
      share(spent('busyMs') / (spent('atMs') * server.cpus)),
      `${count(end.rssMb)} MB`,
    ]);
  }
  return rows;
}

function lastAgainstFirst(name, perMinute, minutes) {
  const first = perMinute[0] ?? 0;
  const last = perMinute[minutes - 1] ?? 0;
  const met = first > 0 && last / first >= targets.lastMinuteShare;
  return `Target ${name}, last minute >= ${share(targets.lastMinuteShare)} of the first: ${count(last / 60)}/s against ${count(first / 60)}/s (${share(first ? last / first : 0)}) -> ${verdict(met)}`;
}

/** The soak's figures by minute, then its targets. */
export function formatSoakReport(result) {
  const { server, settings, perMinute, samples, failures } = result;
  const afterWarmup = sampleAt(samples, 60_000).rssMb;
  const highest = Math.max(...samples.filter((sample) => sample.atMs >= 60_000).map((sample) => sample.rssMb));
  const problems = describeFailures(failures);
  return [
    `Soak: ${settings.minutes} min against one server process (${server.version}, synchronous_commit=${server.synchronousCommit}, ${server.cpus} CPUs), ${settings.confessions.toLocaleString('en-US')} approved confessions seeded;`,
    `${settings.submitters} clients submitting and ${settings.togglers} toggling likes, every write from a session started during the run on a network never seen before.`,
    '',
    table(minuteRows(result)),
    '',
    lastAgainstFirst('submissions', perMinute.submissions, settings.minutes),
    lastAgainstFirst('like toggles', perMinute.likes, settings.minutes),
    `Target server RSS after the first minute grows at most ${share(targets.rssGrowth - 1)}: ${count(afterWarmup)} MB, at most ${count(highest)} MB later (${share(highest / afterWarmup)}) -> ${verdict(highest / afterWarmup <= targets.rssGrowth)}`,
    `Failures: ${problems || 'none'}${problems ? ' -> NOT met' : ''}`,
  ].join('\n');
}
