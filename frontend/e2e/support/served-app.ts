import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pgliteTarget } from '@secretchatbox/database/testing';
import { startTestApp, type TestApp } from '../../../backend/test/support/test-app.js';

const frontendDir = fileURLToPath(new URL('../..', import.meta.url));
const buildScript = fileURLToPath(new URL('../../scripts/build.js', import.meta.url));

/**
 * Builds the frontend as production does and serves it, with the real API, on an ephemeral port;
 * `env` adds to the server's configuration.
 */
export async function startServedApp(env: Record<string, string> = {}): Promise<TestApp & { dist: string; dispose(): Promise<void> }> {
  const dist = mkdtempSync(join(tmpdir(), 'scb-frontend-'));
  execFileSync(process.execPath, [buildScript, dist], { cwd: frontendDir, stdio: ['ignore', 'ignore', 'inherit'] });
  const app = await startTestApp(pgliteTarget, { ...env, FRONTEND_DIST: dist });
  return {
    ...app,
    dist,
    async dispose() {
      await app.close();
      rmSync(dist, { recursive: true, force: true });
    },
  };
}
