import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from '@jest/globals';

const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const runSources = fileURLToPath(new URL('../../scripts/test/run-sources.js', import.meta.url));

type Server = Readonly<{ child: ChildProcess; stdout: () => string; stderr: () => string }>;

/** `npm start` as its own process, from the sources, with `env` on top of this process's environment. */
function startServer(env: Record<string, string>): Server {
  const child = spawn(process.execPath, ['--import', runSources, main], {
    env: { ...process.env, LOG_LEVEL: 'silent', HOST: '127.0.0.1', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
  return { child, stdout: () => stdout, stderr: () => stderr };
}

/** Its exit code, or a failure when it has not exited within `ms` (it is killed then). */
async function exitCode(server: Server, ms: number): Promise<number | null> {
  const timer = setTimeout(() => server.child.kill('SIGKILL'), ms);
  const [code, signal] = (await once(server.child, 'exit')) as [number | null, NodeJS.Signals | null];
  clearTimeout(timer);
  if (signal === 'SIGKILL') throw new Error(`The server had not exited after ${ms} ms`);
  return code;
}

describe('the server process', () => {
  const folder = mkdtempSync(join(tmpdir(), 'scb-server-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  const aFile = join(folder, 'a-file');
  writeFileSync(aFile, '');
  it.each([
    ['under /proc', '/proc/scb-data'],
    ['a file', aFile],
  ])('stops within seconds, naming DATA_DIR, when DATA_DIR is %s', async (_, dataDir) => {
    const server = startServer({ DATA_DIR: dataDir, PORT: '0' });
    expect(await exitCode(server, 10_000)).not.toBe(0);
    expect(server.stderr()).toContain(`DATA_DIR ${dataDir} cannot be used`);
  });
});
