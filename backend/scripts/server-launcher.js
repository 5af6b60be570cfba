// What `npm start` runs, copied by `npm run build` to backend/bundle/main.js: the bundled server
// (server.cjs), compiled with the V8 code cache that the build made of it (server.cache), so
// that V8 neither parses nor compiles again what the bundle's modules run as they load
// (docs/decisions/031-a-code-cache-for-the-server-bundle.md).
// With --write-code-cache it loads the bundle's modules without starting the server, and writes
// the cache of what they compiled.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, Script } from 'node:vm';

const serverFile = fileURLToPath(new URL('server.cjs', import.meta.url));
const cacheFile = fileURLToPath(new URL('server.cache', import.meta.url));

/**
 * The cache the build made, unless the bundle changed after it. V8 checks that a cache was made
 * by the same V8 with the same flags, but of the source only its length.
 */
function madeCache() {
  try {
    return statSync(cacheFile).mtimeMs >= statSync(serverFile).mtimeMs ? readFileSync(cacheFile) : undefined;
  } catch {
    return undefined;
  }
}

/** The bundle's module, loaded through a script compiled with `cachedData`; and that script. */
function loadCompiled(cachedData) {
  const script = new Script(Module.wrap(readFileSync(serverFile, 'utf8')), {
    filename: serverFile,
    cachedData,
    importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  const server = { exports: {} };
  script.runInThisContext()(server.exports, createRequire(serverFile), server, serverFile, dirname(serverFile));
  return { server: server.exports, script };
}

if (process.argv.includes('--write-code-cache')) {
  writeFileSync(cacheFile, loadCompiled(undefined).script.createCachedData());
} else if (process.sourceMapsEnabled) {
  // Node maps stack traces (--enable-source-maps) only in what its own loader compiled.
  createRequire(import.meta.url)(serverFile).runServer();
} else {
  const { server, script } = loadCompiled(madeCache());
  if (script.cachedDataRejected) {
    process.stderr.write(`${cacheFile} does not fit this Node.js or its V8 flags: the server starts without it\n`);
  }
  server.runServer();
}
