// How this repository's TypeScript sources run without a build: in jest (jest.config.js) and in
// the processes tests start (compiled-sources.js).

/** SWC compiles each file on its own, as an ES module. */
export const swcOptions = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true, tsx: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
    target: 'es2022',
  },
  module: { type: 'es6' },
};

/** Jest's moduleNameMapper: workspace packages resolve to their sources, `./x.js` to `./x.ts`. */
export const moduleNameMapper = {
  '^@secretchatbox/(contracts|database|event-store)$': '<rootDir>/packages/$1/src/index.ts',
  '^@secretchatbox/(database|event-store)/testing$': '<rootDir>/packages/$1/src/testing/index.ts',
  '^@secretchatbox/event-store/kurrentdb$': '<rootDir>/packages/event-store/src/kurrentdb/kurrentdb-event-store.ts',
  '^@secretchatbox/projections$': '<rootDir>/projections/src/index.ts',
  '^@secretchatbox/projections/testing$': '<rootDir>/projections/src/testing/index.ts',
  '^(\\.{1,2}/.*)\\.js$': '$1',
};
