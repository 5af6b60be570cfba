// The processes tests start (the server, the projections commands, a lock's rivals) run the
// workspace's TypeScript as jest does, compiled by SWC, but from a tree of plain ES modules made
// once per change of the sources rather than through module hooks: Node 20 runs hooks on a thread
// of their own, and each module a process loaded crossed to it and back, 1.3 CPU-s more for every
// start of the server (docs/testing.md).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { moduleNameMapper, swcOptions } from './sources.js';

const rootDir = fileURLToPath(new URL('../..', import.meta.url));
const cacheDir = join(rootDir, 'node_modules/.cache/secretchatbox-compiled-sources');
/** The workspaces whose sources processes run: the server, the projections and their packages. */
const workspaces = ['packages/contracts', 'packages/database', 'packages/event-store', 'projections', 'backend'];
/** What a process may load: sources and test helpers, never a test file. */
const isModule = (file) => /\.tsx?$/.test(file) && !/\.(spec|test)\.tsx?$/.test(file) && !file.endsWith('.d.ts');
/** The workspace package mappings of jest's moduleNameMapper, which name files under the root. */
const packageMappings = Object.entries(moduleNameMapper)
  .filter(([pattern]) => pattern.includes('@secretchatbox'))
  .map(([pattern, target]) => [new RegExp(pattern), target.replace('<rootDir>/', '')]);
// Read from the compiled tree, the app's default `frontend/dist` is the tree's own: it links to the real one.
const frontendDist = 'frontend/dist';

const thisFile = fileURLToPath(import.meta.url);
let compiledRoot;

/**
 * The plain ES module compiled from the TypeScript file `source` (its path from the repository's
 * root, in a workspace above), for `node` to run as it is. The whole tree is compiled on first use, once for each state
 * of the sources, by a process of its own: SWC's native module is not for jest's module registries.
 */
export function compiledSource(source) {
  if (!compiledRoot) {
    const { target } = sourcesState();
    if (!statSync(target, { throwIfNoEntry: false })) execFileSync(process.execPath, [thisFile], { stdio: 'inherit' });
    compiledRoot = target;
  }
  return join(compiledRoot, source.replace(/\.tsx?$/, '.js'));
}

/** The modules to compile and the folder their tree goes to, named by a hash of them all. */
function sourcesState() {
  const files = workspaces
    .flatMap((workspace) => filesUnder(workspace))
    .filter(isModule)
    .sort();
  const hash = createHash('sha256')
    .update(readFileSync(thisFile))
    .update(JSON.stringify([swcOptions, moduleNameMapper]));
  for (const file of files) hash.update(`${file}\0`).update(readFileSync(join(rootDir, file)));
  return { files, target: join(cacheDir, hash.digest('hex').slice(0, 16)) };
}

/** Compiles the tree, beside its place and then moved there, so that no process sees half of one. */
async function compileSources() {
  const { transformSync } = await import('@swc/core');
  const { files, target } = sourcesState();
  const building = `${target}.${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  for (const file of files) {
    const filename = join(rootDir, file);
    const { code } = transformSync(readFileSync(filename, 'utf8'), { ...swcOptions, filename });
    const output = join(building, file.replace(/\.tsx?$/, '.js'));
    mkdirSync(dirname(output), { recursive: true });
    writeFileSync(output, withPackagePaths(code, dirname(file)));
  }
  writeFileSync(join(building, 'package.json'), JSON.stringify({ type: 'module' }));
  mkdirSync(dirname(join(building, frontendDist)), { recursive: true });
  symlinkSync(join(rootDir, frontendDist), join(building, frontendDist));
  try {
    renameSync(building, target);
  } catch (error) {
    // Another process made the same tree meanwhile: theirs is used.
    if (!statSync(target, { throwIfNoEntry: false })) throw error;
    rmSync(building, { recursive: true, force: true });
  }
  removeStaleTrees();
}

/** Trees of earlier states of the sources go after a day, when no test run can still be using them. */
function removeStaleTrees() {
  const staleBefore = Date.now() - 24 * 60 * 60 * 1000;
  for (const name of readdirSync(cacheDir)) {
    const tree = join(cacheDir, name);
    if (statSync(tree).mtimeMs < staleBefore) rmSync(tree, { recursive: true, force: true });
  }
}

/** `code` of a module in `directory` with each `@secretchatbox/…` specifier as a relative path into the tree. */
function withPackagePaths(code, directory) {
  return code.replace(/(["'])(@secretchatbox\/[\w/-]+)\1/g, (specifier, quote, name) => {
    const [pattern, target] = packageMappings.find(([pattern]) => pattern.test(name)) ?? [];
    if (!pattern) throw new Error(`${name} is a package the compiled sources cannot map`);
    const path = relative(directory, name.replace(pattern, target).replace(/\.tsx?$/, '.js'));
    return `${quote}${path.startsWith('.') ? path : `./${path}`}${quote}`;
  });
}

function filesUnder(directory) {
  return readdirSync(join(rootDir, directory), { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.name === 'node_modules' || entry.name === 'dist') return [];
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

if (process.argv[1] === thisFile) await compileSources();
