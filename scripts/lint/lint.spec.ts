import { describe, expect, it } from '@jest/globals';
import { resolve } from 'node:path';
import { ESLint, RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { featureBoundaries } from './feature-boundaries.js';

const root = resolve(import.meta.dirname, '../..');
const inSource = (path: string) => resolve(root, 'frontend/src', path);

// RuleTester reports through the test framework's describe and it.
Object.assign(RuleTester, { describe, it, itOnly: it.only });

describe('the frontend layers rule', () => {
  new RuleTester({ languageOptions: { parser: tseslint.parser } }).run('feature-boundaries', featureBoundaries, {
    valid: [
      { filename: inSource('features/chat/a.ts'), code: "import { b } from './b';" },
      { filename: inSource('features/chat/components/a.tsx'), code: "import { api } from '../../../lib/api';" },
      { filename: inSource('features/chat/a.ts'), code: "import { Card } from '../../components/ui/card';" },
      { filename: inSource('routes/page.tsx'), code: "import { A } from '../features/chat/a';" },
      { filename: inSource('components/notifications/use-notify.ts'), code: "import { h } from '../../app/hooks';" },
      { filename: inSource('lib/api.test.tsx'), code: "import { createStore } from '../app/store';" },
      { filename: inSource('features/chat/a.ts'), code: "import { z } from 'zod';" },
    ],
    invalid: [
      {
        filename: inSource('features/chat/components/a.tsx'),
        code: "import { Like } from '../../confessions/components/like';",
        errors: [{ messageId: 'crossFeature', data: { from: 'chat', to: 'confessions' } }],
      },
      {
        filename: inSource('features/chat/a.ts'),
        code: "export { b } from '../moderation/b';",
        errors: [{ messageId: 'crossFeature' }],
      },
      {
        filename: inSource('features/chat/a.ts'),
        code: "const lazy = import('../moderation/b');",
        errors: [{ messageId: 'crossFeature' }],
      },
      {
        filename: inSource('components/layout/nav.tsx'),
        code: "import { Toggle } from '../../features/theme/toggle';",
        errors: [{ messageId: 'sharedImportsUp', data: { from: 'components', to: 'features' } }],
      },
      {
        filename: inSource('lib/api.ts'),
        code: "import { createStore } from '../app/store';",
        errors: [{ messageId: 'sharedImportsUp' }],
      },
    ],
  });
});

describe('ESLint over the frontend', () => {
  it('finds nothing wrong in frontend/src', async () => {
    const results = await new ESLint({ cwd: root }).lintFiles(['frontend/src']);
    const problems = results.flatMap((result) =>
      result.messages.map((message) => `${result.filePath}:${message.line} ${message.ruleId}: ${message.message}`),
    );
    expect(results.length).toBeGreaterThan(100);
    expect(problems).toEqual([]);
  }, 120000);
});
