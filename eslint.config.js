import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { featureBoundaries } from './scripts/lint/feature-boundaries.js';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'test-artifacts/**', 'frontend/e2e/**'] },
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    plugins: { layers: { rules: { 'feature-boundaries': featureBoundaries } }, 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'layers/feature-boundaries': 'error',
      // Deliberately unused bindings start with an underscore (a destructured field left out).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
