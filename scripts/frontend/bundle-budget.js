// Gzipped size of the JavaScript the landing route loads before it can render: the entry module
// plus every module Vite asks the browser to preload. Lazy route chunks do not count.
// Run with `npm run budget` (it builds the frontend first).
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';

const budgetKiB = 170;
const dist = new URL('../../frontend/dist/', import.meta.url);
const html = await readFile(new URL('index.html', dist), 'utf8');

const tagsNamed = (name) => html.match(new RegExp(`<${name}\\b[^>]*>`, 'gi')) ?? [];
const attribute = (tag, name) => tag.match(new RegExp(`\\s${name}\\s*=\\s*["']?([^"'\\s>]+)`, 'i'))?.[1];

const initial = [
  ...tagsNamed('script')
    .filter((tag) => attribute(tag, 'type') === 'module')
    .map((tag) => attribute(tag, 'src')),
  ...tagsNamed('link')
    .filter((tag) => attribute(tag, 'rel') === 'modulepreload')
    .map((tag) => attribute(tag, 'href')),
].filter(Boolean);
if (initial.length === 0) {
  console.error('No module script in frontend/dist/index.html: build the frontend first.');
  process.exit(1);
}

const kib = (bytes) => `${(bytes / 1024).toFixed(2)} KiB`.padStart(12);
let total = 0;
for (const src of initial) {
  // Vite writes asset URLs from the site root, which is the dist folder.
  const file = new URL(`.${new URL(src, 'http://site/').pathname}`, dist);
  const size = gzipSync(await readFile(file), { level: 9 }).length;
  total += size;
  console.log(`${src.padEnd(40)} ${kib(size)}`);
}

const withinBudget = total <= budgetKiB * 1024;
console.log(`${'total (gzip level 9)'.padEnd(40)} ${kib(total)}`);
console.log(`budget ${budgetKiB} KiB: ${withinBudget ? 'within budget' : 'OVER BUDGET'}`);
process.exit(withinBudget ? 0 : 1);
