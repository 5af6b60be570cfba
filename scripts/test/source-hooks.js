// Module hooks (see run-sources.js) that resolve and compile modules as jest.config.js has jest do.
import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { transformSync } from '@swc/core';
import { moduleNameMapper, swcOptions } from './sources.js';

const rootDir = fileURLToPath(new URL('../..', import.meta.url));
const mappings = Object.entries(moduleNameMapper).map(([pattern, target]) => [
  new RegExp(pattern),
  target.replace('<rootDir>/', rootDir),
]);
// What jest tries after a mapped path: the path itself, then with a TypeScript extension.
const extensions = ['', '.ts', '.tsx'];

export async function resolve(specifier, context, nextResolve) {
  const fromSources = context.parentURL && !context.parentURL.includes('/node_modules/');
  for (const [pattern, target] of fromSources ? mappings : []) {
    if (!pattern.test(specifier)) continue;
    const mapped = new URL(specifier.replace(pattern, target), context.parentURL);
    const found = extensions.map((extension) => `${mapped.href}${extension}`).find(isFile);
    if (found) return { url: found, shortCircuit: true };
  }
  return nextResolve(specifier, context);
}

export async function load(url, context, nextLoad) {
  if (!/\.tsx?$/.test(url)) return nextLoad(url, context);
  const filename = fileURLToPath(url);
  const { code } = transformSync(readFileSync(filename, 'utf8'), { ...swcOptions, filename, sourceMaps: 'inline' });
  return { format: 'module', source: code, shortCircuit: true };
}

function isFile(url) {
  return statSync(new URL(url), { throwIfNoEntry: false })?.isFile() ?? false;
}
