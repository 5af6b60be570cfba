// `npm run build`'s step after the compile: the server's modules, from backend/dist and the
// packages it uses, bundled into one script that Node loads in about half the time it takes to
// find, read and compile the thousand files they come from (docs/decisions/030-a-bundled-server.md),
// with the launcher that starts it and the V8 code cache of its loading
// (docs/decisions/031-a-code-cache-for-the-server-bundle.md). A folder that holds the bundle of
// its inputs as they stand is left as it is.
// Usage: node backend/scripts/bundle.js [outDir]   (default backend/bundle)
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';

const root = fileURLToPath(new URL('../..', import.meta.url));
const entry = join(root, 'backend/dist/server.js');
const launcher = fileURLToPath(new URL('server-launcher.js', import.meta.url));
const outDir = resolve(process.argv[2] ?? join(root, 'backend/bundle'));
// Inside the bundle's folder, which only node reads: the server serves nothing from it.
const record = join(outDir, 'inputs.json');

/**
 * Left for Node to load from node_modules: the database package, which finds the database a new
 * data folder starts as beside its own build (and brings pg and PGlite, whose WebAssembly sits
 * beside theirs); the native modules (argon2, and KurrentDB's bridge, which its bundled client
 * requires only once the KurrentDB adapter is imported); the Redis client, imported only in
 * Redis mode. A package left out that an ES module of the bundle imports statically is required
 * at the top of the script, at every start.
 */
const loadedFromNodeModules = ['@secretchatbox/database', '@node-rs/argon2', '@kurrent/bridge', 'redis'];
/** Packages Nest loads only for features the server does not use, and that are not installed. */
const neverLoaded = [
  '@nestjs/microservices',
  '@nestjs/platform-express',
  '@fastify/static',
  '@fastify/multipart',
  '@fastify/view',
  'class-validator',
  'class-transformer',
];
const external = [...loadedFromNodeModules, ...neverLoaded];

/** A hash of this script, the launcher and each file the bundle was made of, or null when one is gone. */
function hashOf(files) {
  const hash = createHash('sha256')
    .update(readFileSync(fileURLToPath(import.meta.url)))
    .update(readFileSync(launcher));
  for (const file of files) {
    let content;
    try {
      content = readFileSync(join(root, file));
    } catch {
      return null;
    }
    hash.update(`${file}\0`).update(content);
  }
  return hash.digest('hex');
}

function isCurrent() {
  try {
    const { files, hash } = JSON.parse(readFileSync(record, 'utf8'));
    return hashOf(files) === hash;
  } catch {
    return false;
  }
}

if (isCurrent()) {
  console.log(`Server bundle in ${relative(root, outDir) || outDir} is current`);
} else {
  // Until this bundle is whole, the folder holds no bundle of any inputs.
  rmSync(outDir, { recursive: true, force: true });
  const { output } = await build({
    input: entry,
    platform: 'node',
    external: (id) => external.some((name) => id === name || id.startsWith(`${name}/`)),
    // One CommonJS script: the launcher compiles it with V8's code cache, which Node 20 offers
    // for scripts but not for ES modules; what the server imports on demand is inlined into it.
    // Without whitespace and comments, but with every name and statement as written: a third
    // less to read at every start.
    output: {
      dir: outDir,
      format: 'cjs',
      entryFileNames: 'server.cjs',
      codeSplitting: false,
      minify: { compress: false, mangle: false },
      sourcemap: true,
    },
    logLevel: 'warn',
    // Any other import the bundle cannot resolve would fail only once the server runs it.
    onLog(level, log, handler) {
      handler(log.code === 'UNRESOLVED_IMPORT' ? 'error' : level, log);
    },
  });
  const files = [...new Set(output.flatMap((chunk) => chunk.moduleIds ?? []))]
    .filter((id) => !id.startsWith('\0'))
    .map((id) => relative(root, id))
    .sort();
  copyFileSync(launcher, join(outDir, 'main.js'));
  execFileSync(process.execPath, [join(outDir, 'main.js'), '--write-code-cache'], { stdio: 'inherit' });
  writeFileSync(record, JSON.stringify({ files, hash: hashOf(files) }));
  console.log(`Server bundled in ${relative(root, outDir) || outDir} from ${files.length} modules`);
}
