// `npm run bench`: runs the parts that BENCH_ONLY names (comma-separated; every part when unset),
// each in a process of its own and one after the other, then prints how long each took.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const parts = {
  'event-store': 'event-store.js',
  confessions: 'confessions.js',
  chat: 'chat.js',
  audit: 'audit.js',
  pairing: 'pairing.js',
  embedded: 'embedded.js',
  'scale-out': 'scale-out.js',
  soak: 'soak.js',
  sockets: 'idle-sockets.js',
  'cluster-feed': 'cluster-feed.js',
};

function chosenParts(only) {
  if (!only?.trim()) return Object.keys(parts);
  const names = only.split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !(name in parts));
  if (unknown.length === 0) return names;
  console.error(`BENCH_ONLY names no part ${unknown.join(', ')}; the parts are ${Object.keys(parts).join(', ')}`);
  process.exit(2);
}

function duration(ms) {
  const total = Math.round(ms / 1000);
  return `${Math.floor(total / 60)} min ${total % 60} s`;
}

// Interrupted, a part drops its scratch database before it exits: wait for it rather than leave it behind.
let child = null;
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    interrupted = true;
    child?.kill(signal);
  });

const chosen = chosenParts(process.env.BENCH_ONLY);
const started = performance.now();
const timings = [];
for (const name of chosen) {
  const partStarted = performance.now();
  child = spawn(process.execPath, [fileURLToPath(new URL(parts[name], import.meta.url))], { stdio: 'inherit' });
  const [code] = await once(child, 'exit');
  timings.push(`${name} ${duration(performance.now() - partStarted)}${code === 0 ? '' : ' (failed)'}`);
  if (code !== 0) process.exitCode = 1;
  if (interrupted) break;
  console.log('');
}
console.log(`Bench took ${duration(performance.now() - started)}: ${timings.join(', ')}`);
