// Jest runs the TypeScript sources as ES modules through SWC; workspace packages resolve to
// their sources, so tests never need a build first.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'es6' },
  },
];

const shared = {
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: { '^.+\\.tsx?$': swc },
  moduleNameMapper: {
    '^@secretchatbox/(contracts|database|event-store)$': '<rootDir>/packages/$1/src/index.ts',
    '^@secretchatbox/(database|event-store)/testing$': '<rootDir>/packages/$1/src/testing/index.ts',
    '^@secretchatbox/projections$': '<rootDir>/projections/src/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};

export default {
  testTimeout: 30000,
  maxWorkers: 2,
  projects: [
    {
      ...shared,
      displayName: 'server',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/{packages/*,projections,backend}/{src,test}/**/*.spec.ts'],
    },
    {
      ...shared,
      displayName: 'browser',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/frontend/e2e/**/*.spec.ts'],
    },
    {
      ...shared,
      displayName: 'components',
      testEnvironment: 'jest-fixed-jsdom',
      testMatch: ['<rootDir>/frontend/src/**/*.test.tsx'],
      setupFilesAfterEnv: ['<rootDir>/frontend/src/testing/setup.ts'],
    },
  ],
};
