// Jest runs the TypeScript sources as ES modules through SWC; workspace packages resolve to
// their sources, so tests never need a build first.
import { availableParallelism } from 'node:os';
import { moduleNameMapper, swcOptions } from './scripts/test/sources.js';

const shared = {
  runtime: '<rootDir>/scripts/test/code-cache-runtime.cjs',
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: { '^.+\\.tsx?$': ['@swc/jest', swcOptions] },
  moduleNameMapper,
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};

// The components run as CommonJS: jsdom loads React and the app a third faster so than as ES
// modules (the unit tier's budget is 30 s). The frontend's code allows it: no import.meta, no
// top-level await.
const commonJs = {
  ...shared,
  extensionsToTreatAsEsm: [],
  transform: { '^.+\\.tsx?$': ['@swc/jest', { ...swcOptions, module: { type: 'commonjs' } }] },
};

/** The test tiers (docs/testing.md) and their projects; `TEST_TIER`, set by `npm run test:<tier>`, runs one alone. */
export const tiers = { unit: ['unit', 'components'], integration: ['integration'], browser: ['browser'] };

export const projects = [
  {
    ...shared,
    displayName: 'unit',
    testEnvironment: 'node',
    testMatch: [
      '<rootDir>/{packages/*,projections,backend}/src/**/*.spec.ts',
      '<rootDir>/scripts/*/*.spec.ts',
      '!**/*.db.spec.ts',
    ],
  },
  {
    ...commonJs,
    displayName: 'components',
    testEnvironment: 'jest-fixed-jsdom',
    testMatch: ['<rootDir>/frontend/src/**/*.test.tsx'],
    setupFilesAfterEnv: ['<rootDir>/frontend/src/testing/setup.ts'],
  },
  {
    ...shared,
    displayName: 'integration',
    testEnvironment: 'node',
    testMatch: [
      '<rootDir>/{packages/*,projections,backend}/test/**/*.spec.ts',
      '<rootDir>/{packages/*,projections,backend}/src/**/*.db.spec.ts',
      '<rootDir>/scripts/*/test/**/*.spec.ts',
    ],
  },
  {
    ...shared,
    displayName: 'browser',
    testEnvironment: 'node',
    runner: '<rootDir>/scripts/test/browser-runner.js',
    testMatch: ['<rootDir>/frontend/e2e/**/*.spec.ts'],
  },
];

const tier = process.env.TEST_TIER;
if (tier && !Object.hasOwn(tiers, tier))
  throw new Error(`TEST_TIER=${tier} is none of ${Object.keys(tiers).join(', ')}`);

// The database and socket suites spend part of their time waiting on PostgreSQL, Redis and
// sockets: with a worker per core about a sixth of the CPU stayed idle, so they get one more
// (docs/testing.md gives the figures). The unit tier only computes.
const cores = availableParallelism();

/** The browser suites run apart, one a core (scripts/test/browser-runner.js). */
export const browserWorkers = cores;

export default {
  testTimeout: 30000,
  maxWorkers: tier === 'unit' ? cores : cores + 1,
  projects: tier ? projects.filter((project) => tiers[tier].includes(project.displayName)) : projects,
};
