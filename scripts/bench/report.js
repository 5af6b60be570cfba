import { percentile } from './stats.js';

const targets = {
  appendsVsBaseline: 0.5,
  readAllPerSecond: 20_000,
  lagP99Ms: 100,
};

export const count = (value) => Math.round(value).toLocaleString('en-US');
export const ms = (value, digits = 1) => `${value.toFixed(digits)} ms`;
export const share = (value) => `${(value * 100).toFixed(0)}%`;
/** A share to a tenth of a percent, for a verdict on a ratio that `share` would round up to its target. */
export const preciseShare = (value) => `${(value * 100).toFixed(1)}%`;

/** p50 / p99 of a closed loop's latencies. */
export function latency({ latencies }) {
  return `${ms(percentile(latencies, 50))} / ${ms(percentile(latencies, 99))}`;
}

/** Rows of cells as aligned columns, the first row as the header. */
export function table(rows) {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  const line = (row) =>
    row
      .map((cell, column) => cell.padEnd(widths[column]))
      .join('  ')
      .trimEnd();
  return [line(rows[0]), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

export function verdict(met) {
  return met ? 'met' : 'NOT met';
}

/** The figures as one table, then one line per target. */
export function formatReport({ server, settings, baseline, anyAppends, exactAppends, readAll, lag }) {
  const base = baseline.perSecond;
  const rows = [
    ['Measurement', 'Figure', 'vs baseline', 'Latency p50 / p99'],
    ['Baseline: single-row INSERT (pg)', `${count(base)} tx/s`, '100%', latency(baseline)],
    [
      "Appends, expectedRevision 'any'",
      `${count(anyAppends.perSecond)} appends/s`,
      share(anyAppends.perSecond / base),
      latency(anyAppends),
    ],
    [
      'Appends, exact expected revision',
      `${count(exactAppends.perSecond)} appends/s`,
      share(exactAppends.perSecond / base),
      latency(exactAppends),
    ],
    [
      `Read-all, pages of ${settings.pageSize}`,
      `${count(readAll.perSecond)} events/s`,
      share(readAll.perSecond / base),
      `${count(readAll.events)} events${readAll.waitedMs >= 1000 ? `, after waiting ${(readAll.waitedMs / 1000).toFixed(1)} s for transactions open elsewhere` : ''}`,
    ],
    [
      'Projection catch-up (informative)',
      `${count(lag.catchUp.perSecond)} events/s`,
      '',
      `${count(lag.catchUp.events)} events`,
    ],
    ['Subscription lag p50', ms(lag.p50), '', ''],
    ['Subscription lag p99', ms(lag.p99), '', ''],
    ['Subscription lag max', ms(lag.max), '', ''],
    [
      'End to end p50 / p99 (informative)',
      `${ms(lag.endToEndP50)} / ${ms(lag.endToEndP99)}`,
      '',
      'append call to applied',
    ],
    [
      'Lag load: offered / achieved',
      `${count(lag.offeredPerSecond)} / ${count(lag.achievedPerSecond)} appends/s`,
      '',
      `${count(lag.samples)} events timed`,
    ],
  ];
  const appendShare = anyAppends.perSecond / base;
  return [
    `Event store benchmark: ${server.version}, synchronous_commit=${server.synchronousCommit}, ${server.cpus} CPUs`,
    `${settings.concurrency} concurrent writers, ${settings.durationMs / 1000} s measured after ${settings.warmupMs / 1000} s warm-up; lag load is half the 'any' append rate`,
    '',
    table(rows),
    '',
    `Target appends >= ${share(targets.appendsVsBaseline)} of baseline ('any'): ${share(appendShare)} -> ${verdict(appendShare >= targets.appendsVsBaseline)}`,
    `Target read-all >= ${count(targets.readAllPerSecond)} events/s: ${count(readAll.perSecond)} -> ${verdict(readAll.perSecond >= targets.readAllPerSecond)}`,
    `Target lag p99 <= ${targets.lagP99Ms} ms: ${ms(lag.p99)} -> ${verdict(lag.p99 <= targets.lagP99Ms)}`,
  ].join('\n');
}
