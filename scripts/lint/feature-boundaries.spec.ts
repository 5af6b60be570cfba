import { describe, it } from '@jest/globals';
import { resolve } from 'node:path';
import { RuleTester } from 'eslint';
import { backendLayout, featureBoundaries, frontendLayout } from './feature-boundaries.js';

const root = resolve(import.meta.dirname, '../..');
const inFrontend = (path: string) => resolve(root, 'frontend/src', path);
const inBackend = (path: string) => resolve(root, 'backend/src', path);

// RuleTester reports through the test framework's describe and it. The fixtures are plain
// imports, so ESLint's own parser reads them, without loading TypeScript's.
Object.assign(RuleTester, { describe, it, itOnly: it.only });
const tester = new RuleTester();

describe('the frontend layers rule', () => {
  const options = [frontendLayout];
  tester.run('feature-boundaries', featureBoundaries, {
    valid: [
      { filename: inFrontend('features/chat/a.ts'), code: "import { b } from './b';" },
      { filename: inFrontend('features/chat/components/a.tsx'), code: "import { api } from '../../../lib/api';" },
      { filename: inFrontend('features/chat/a.ts'), code: "import { Card } from '../../components/ui/card';" },
      { filename: inFrontend('routes/page.tsx'), code: "import { A } from '../features/chat/a';" },
      { filename: inFrontend('components/notifications/use-notify.ts'), code: "import { h } from '../../app/hooks';" },
      { filename: inFrontend('lib/api.test.tsx'), code: "import { createStore } from '../app/store';" },
      { filename: inFrontend('lib/render.ts'), code: "import { renderWith } from '../testing/render';" },
      { filename: inFrontend('features/chat/a.ts'), code: "import { z } from 'zod';" },
    ].map((test) => ({ ...test, options })),
    invalid: [
      {
        filename: inFrontend('features/chat/components/a.tsx'),
        code: "import { Like } from '../../confessions/components/like';",
        errors: [{ messageId: 'crossFeature', data: { from: 'chat', to: 'confessions' } }],
      },
      {
        filename: inFrontend('features/chat/a.ts'),
        code: "export { b } from '../moderation/b';",
        errors: [{ messageId: 'crossFeature' }],
      },
      {
        filename: inFrontend('features/chat/a.ts'),
        code: "const lazy = import('../moderation/b');",
        errors: [{ messageId: 'crossFeature' }],
      },
      {
        filename: inFrontend('components/layout/nav.tsx'),
        code: "import { Toggle } from '../../features/theme/toggle';",
        errors: [{ messageId: 'sharedImportsUp', data: { from: 'components', to: 'features' } }],
      },
      {
        filename: inFrontend('lib/api.ts'),
        code: "import { createStore } from '../app/store';",
        errors: [{ messageId: 'sharedImportsUp' }],
      },
    ].map((test) => ({ ...test, options })),
  });
});

describe('the backend layers rule', () => {
  const options = [backendLayout];
  tester.run('feature-boundaries', featureBoundaries, {
    valid: [
      {
        filename: inBackend('features/chat/chat.module.ts'),
        code: "import { A } from './post-chat-message.command.js';",
      },
      ...[
        '../../common/domain/chat-allowance.js',
        '../../common/errors.js',
        '../../config/app-config.js',
        '../../identity/scope.js',
        '../../infrastructure/tokens.js',
        '../../rate-limiting/rate-limit.guard.js',
        '../../realtime/socket-broadcasts.js',
      ].map((path) => ({
        filename: inBackend('features/pairing/pair.decider.ts'),
        code: `import { a } from '${path}';`,
      })),
      { filename: inBackend('app.module.ts'), code: "import { M } from './features/chat/chat.module.js';" },
      {
        filename: inBackend('realtime/socket-identity.ts'),
        code: "import { S } from '../identity/admin-sessions.js';",
      },
      {
        filename: inBackend('common/domain/moderate-item.command.ts'),
        code: "import { B } from '../../realtime/socket-broadcasts.js';",
      },
      {
        filename: inBackend('features/chat/a.spec.ts'),
        code: "import { given } from '../../common/event-sourcing/testing.js';",
      },
    ].map((test) => ({ ...test, options })),
    invalid: [
      {
        filename: inBackend('features/pairing/pair.decider.ts'),
        code: "import { assertAllowed } from '../chat/post-chat-message.decider.js';",
        errors: [{ messageId: 'crossFeature', data: { from: 'pairing', to: 'chat' } }],
      },
      {
        filename: inBackend('features/comments/comments.controller.spec.ts'),
        code: "import { M } from '../../features/moderation/moderation.module.js';",
        errors: [{ messageId: 'crossFeature', data: { from: 'comments', to: 'moderation' } }],
      },
      {
        filename: inBackend('common/domain/confession.state.ts'),
        code: "import { like } from '../../features/confessions/like.decider.js';",
        errors: [{ messageId: 'sharedImportsUp', data: { from: 'common', to: 'features' } }],
      },
      {
        filename: inBackend('realtime/realtime.module.ts'),
        code: "import { AppModule } from '../app.module.js';",
        errors: [{ messageId: 'sharedImportsUp', data: { from: 'realtime', to: 'app.module' } }],
      },
    ].map((test) => ({ ...test, options })),
  });
});
