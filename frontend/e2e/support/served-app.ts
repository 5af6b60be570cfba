import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { quickestTarget } from '@secretchatbox/database/testing';
import { startTestApp, type TestApp } from '../../../backend/test/support/test-app.js';
import { buildInputsHash } from '../../scripts/build-inputs.js';

const frontendDir = fileURLToPath(new URL('../..', import.meta.url));
const buildScript = join(frontendDir, 'scripts/build.js');
/** Where builds are kept between suites and runs, each named by what went into it. */
const builds = join(tmpdir(), 'secretchatbox-test-frontend');
/**
 * Serves the frontend as production builds it, with the real API, on an ephemeral port; `env`
 * adds to the server's configuration.
 */
export async function startServedApp(
  env: Record<string, string> = {},
): Promise<TestApp & { dist: string; dispose(): Promise<void> }> {
  const dist = builtFrontend();
  const app = await startTestApp(quickestTarget(), { ...env, FRONTEND_DIST: dist });
  return { ...app, dist, dispose: () => app.close() };
}

/**
 * The production build of the sources as they stand. Building takes seconds of both cores, so
 * the browser suites share one, made by the first that needs it and kept under a hash of its
 * inputs: a changed source makes a new build.
 */
function builtFrontend(): string {
  const dist = join(builds, buildInputsHash());
  if (existsSync(dist)) return dist;
  mkdirSync(builds, { recursive: true });
  const partial = mkdtempSync(join(builds, 'partial-'));
  execFileSync(process.execPath, [buildScript, partial], { cwd: frontendDir, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    // Renamed into place whole, so a suite never serves a build still being written.
    renameSync(partial, dist);
  } catch (error) {
    // Another suite built the same sources meanwhile; its build serves.
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(dist)) throw error;
  }
  return dist;
}
