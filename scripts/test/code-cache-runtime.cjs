// Jest's runtime (jest.config.js `runtime`), with V8's code cache under it. Jest evaluates every
// module anew for each test file, each file having its own registry, and V8 parsed each one anew
// too: a fifth of the unit tier's CPU. Here each worker keeps the code cache of every module it
// compiled and hands it to V8 the next time, which then skips the parse (V8 checks that a cache
// fits the code, and compiles as usual when it does not). Jest looks `vm`'s functions up at each
// call, so replacing them in the worker is enough; docs/testing.md gives the figures.
const vm = require('node:vm');

/** By module file: the code last compiled and its cache. */
const caches = new Map();

/**
 * Whether V8 may have the cache of `code`: not when it has an `import()`, which Node 20 leaves
 * without its callback in code compiled from a cache ("A dynamic import callback was not
 * specified").
 */
const cacheable = (code) => !/\bimport\s*\(/.test(code);

function cacheOf(file, code) {
  const known = caches.get(file);
  return known?.code === code ? known.data : undefined;
}

const compileFunction = vm.compileFunction;
vm.compileFunction = (code, params, options) => {
  if (!cacheable(code)) return compileFunction(code, params, options);
  const data = cacheOf(options.filename, code);
  const compiled = compileFunction(code, params, { ...options, cachedData: data, produceCachedData: !data });
  if (!data && compiled.cachedDataProduced) caches.set(options.filename, { code, data: compiled.cachedData });
  return compiled;
};

// Only under --experimental-vm-modules, which `npm test` sets, is there a SourceTextModule.
if (vm.SourceTextModule) {
  vm.SourceTextModule = class extends vm.SourceTextModule {
    constructor(code, options) {
      const data = cacheable(code) ? cacheOf(options.identifier, code) : undefined;
      super(code, { ...options, cachedData: data });
      if (!data && cacheable(code)) caches.set(options.identifier, { code, data: this.createCachedData() });
    }
  };
}

module.exports = require('jest-runtime');
