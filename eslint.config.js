import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { backendLayout, featureBoundaries, frontendLayout } from './scripts/lint/feature-boundaries.js';

const layers = { rules: { 'feature-boundaries': featureBoundaries } };

/** The rules every TypeScript source is held to, frontend and server alike. */
const typescript = {
  extends: [js.configs.recommended, ...tseslint.configs.recommended],
  rules: {
    // Deliberately unused bindings start with an underscore (a destructured field left out).
    '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
  },
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'test-artifacts/**', 'frontend/e2e/**'] },
  {
    ...typescript,
    files: ['frontend/src/**/*.{ts,tsx}'],
    plugins: { layers, 'react-hooks': reactHooks },
    rules: {
      ...typescript.rules,
      ...reactHooks.configs.recommended.rules,
      'layers/feature-boundaries': ['error', frontendLayout],
    },
  },
  {
    ...typescript,
    files: ['backend/src/**/*.ts'],
    plugins: { layers },
    rules: { ...typescript.rules, 'layers/feature-boundaries': ['error', backendLayout] },
  },
  { ...typescript, files: ['{projections,packages/*}/src/**/*.ts'] },
);
