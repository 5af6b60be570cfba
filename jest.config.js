// Jest runs the TypeScript sources as ES modules through SWC; workspace packages resolve to
// their sources, so tests never need a build first.
import { moduleNameMapper, swcOptions } from './scripts/test/sources.js';

const shared = {
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: { '^.+\\.tsx?$': ['@swc/jest', swcOptions] },
  moduleNameMapper,
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
      testMatch: [
        '<rootDir>/{packages/*,projections,backend}/{src,test}/**/*.spec.ts',
        '<rootDir>/scripts/**/*.spec.ts',
      ],
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
