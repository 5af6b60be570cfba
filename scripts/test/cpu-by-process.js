// `node scripts/test/cpu-by-process.js & npm test; kill %1`: the CPU every process spent while it
// ran, summed by kind (jest's workers, chromium's processes by type, the servers tests start,
// PostgreSQL), printed when it is stopped. docs/testing.md gives a whole run's figures.
import { readdirSync, readFileSync } from 'node:fs';
import { msPerTick, processStat } from '../bench/cpu-time.js';

// A process that starts and ends between two samples is missed, as is the last second of one that ends.
const sampleEveryMs = 1000;

function kindOf(command) {
  if (/jest-worker|processChild/.test(command)) return 'jest worker';
  if (/jest/.test(command)) return 'jest';
  if (/chromium/.test(command)) return `chromium ${command.match(/--type=([\w-]+)/)?.[1] ?? 'browser'}`;
  if (/secretchatbox-compiled-sources/.test(command)) return 'processes the tests start (compiled-sources.js)';
  if (/^postgres/.test(command)) return 'PostgreSQL';
  if (/^redis/.test(command)) return 'Redis';
  if (/^nginx/.test(command)) return 'nginx';
  return null;
}

/** CPU seconds each live process of a known kind has spent, by pid and start time. */
function processTimes() {
  const times = new Map();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const kind = kindOf(readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' '));
      const stat = kind && processStat(pid);
      if (stat) times.set(`${pid}@${stat.startedAt}`, { kind, seconds: (stat.ticks * msPerTick) / 1000 });
    } catch {
      // The process ended while it was read.
    }
  }
  return times;
}

// What a process had spent before the sampling began is not counted.
const seen = new Map([...processTimes()].map(([key, { seconds }]) => [key, seconds]));
const totals = new Map();

function sample() {
  for (const [key, { kind, seconds }] of processTimes()) {
    totals.set(kind, (totals.get(kind) ?? 0) + seconds - (seen.get(key) ?? 0));
    seen.set(key, seconds);
  }
}

const sampling = setInterval(sample, sampleEveryMs);
process.on('SIGTERM', () => {
  clearInterval(sampling);
  sample();
  const rows = [...totals].filter(([, seconds]) => seconds >= 0.5).sort((a, b) => b[1] - a[1]);
  const sum = rows.reduce((total, [, seconds]) => total + seconds, 0);
  for (const [kind, seconds] of rows) console.log(`${seconds.toFixed(1).padStart(8)} CPU-s  ${kind}`);
  console.log(`${sum.toFixed(1).padStart(8)} CPU-s  in all`);
  process.exit(0);
});
