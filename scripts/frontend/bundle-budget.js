// Gzipped size of the JavaScript the landing route loads before it can run: the entry module and
// everything it imports statically, from Vite's manifest. Lazy route chunks do not count.
// Run with `npm run budget` (it builds the frontend first).
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';

const budgetKiB = 170;
const dist = new URL('../../frontend/dist/', import.meta.url);
const manifest = JSON.parse(await readFile(new URL('.vite/manifest.json', dist), 'utf8').catch(() => 'null'));
if (!manifest?.['index.html']) {
  console.error('No frontend/dist/.vite/manifest.json with an index.html entry: build the frontend first.');
  process.exit(1);
}

/** The entry chunk and, transitively, every chunk it imports statically. */
function initialChunks(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) initialChunks(imported, seen);
  return seen;
}

const kib = (bytes) => `${(bytes / 1024).toFixed(2)} KiB`.padStart(12);
let total = 0;
for (const key of initialChunks('index.html')) {
  const file = manifest[key].file;
  const size = gzipSync(await readFile(new URL(file, dist)), { level: 9 }).length;
  total += size;
  console.log(`${file.padEnd(44)} ${kib(size)}`);
}

const withinBudget = total <= budgetKiB * 1024;
console.log(`${'total (gzip level 9)'.padEnd(44)} ${kib(total)}`);
console.log(`budget ${budgetKiB} KiB: ${withinBudget ? 'within budget' : 'OVER BUDGET'}`);
process.exit(withinBudget ? 0 : 1);
