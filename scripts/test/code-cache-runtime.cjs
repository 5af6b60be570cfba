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
 * The cache V8 may compile `code` of `file` with, and whether to keep a new one: none for code
 * with an `import()`, which Node 20 leaves without its callback when compiled from a cache ("A
 * dynamic import callback was not specified").
 */
function lookUp(file, code) {
  if (/\bimport\s*\(/.test(code)) return { data: undefined, keepNew: false };
  const known = caches.get(file);
  return known?.code === code ? { data: known.data, keepNew: false } : { data: undefined, keepNew: true };
}

const compileFunction = vm.compileFunction;
vm.compileFunction = (code, params, options) => {
  const { data, keepNew } = lookUp(options.filename, code);
  const compiled = compileFunction(code, params, { ...options, cachedData: data, produceCachedData: keepNew });
  if (keepNew && compiled.cachedDataProduced) caches.set(options.filename, { code, data: compiled.cachedData });
  return compiled;
};

// Only under --experimental-vm-modules, which `npm test` sets, is there a SourceTextModule.
if (vm.SourceTextModule) {
  vm.SourceTextModule = class extends vm.SourceTextModule {
    constructor(code, options) {
      const { data, keepNew } = lookUp(options.identifier, code);
      super(code, { ...options, cachedData: data });
      if (keepNew) caches.set(options.identifier, { code, data: this.createCachedData() });
    }
  };
}

module.exports = require('jest-runtime');
