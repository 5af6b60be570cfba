import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { type AddressInfo, createServer } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { seededDataDir } from '@secretchatbox/projections/testing';
import { compiledSource } from '../../scripts/test/compiled-sources.js';

const main = compiledSource('backend/src/main.ts');

type Server = Readonly<{ child: ChildProcess; stdout: () => string; stderr: () => string }>;

/** `npm start` as its own process, from the sources, with `env` on top of this process's environment. */
function startServer(env: Record<string, string>): Server {
  const child = spawn(process.execPath, [main], {
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

/** Resolves once the server's output shows `text`; fails when it exits or `ms` pass first. */
async function outputShowing(server: Server, text: string, ms: number): Promise<string> {
  const deadline = Date.now() + ms;
  while (!server.stdout().includes(text)) {
    if (server.child.exitCode !== null) throw new Error(`The server exited: ${server.stderr()}`);
    if (Date.now() > deadline) throw new Error(`The server did not print "${text}" within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return server.stdout();
}

async function stop(server: Server): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = once(server.child, 'exit');
  server.child.kill('SIGTERM');
  await exited;
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
    // Loading the server's modules alone took 7 s on a loaded machine; before, it never stopped.
    expect(await exitCode(server, 20_000)).not.toBe(0);
    expect(server.stderr()).toContain(`DATA_DIR ${dataDir} cannot be used`);
  });

  it('stops, naming DATABASE_URL and without a stack trace, when the database cannot be reached', async () => {
    const server = startServer({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/postgres', PORT: '0' });
    expect(await exitCode(server, 20_000)).not.toBe(0);
    expect(server.stderr()).toBe('DATABASE_URL cannot be used: connect ECONNREFUSED 127.0.0.1:1\n');
  });

  it('stops, naming REDIS_URL and without a stack trace, when Redis cannot be reached', async () => {
    const server = startServer({ DATA_DIR: await seededDataDir(folder), PORT: '0', REDIS_URL: 'redis://127.0.0.1:1' });
    expect(await exitCode(server, 30_000)).not.toBe(0);
    expect(server.stderr()).toContain('REDIS_URL: cannot reach Redis at redis://127.0.0.1:1');
    expect(server.stderr()).not.toMatch(/^\s+at /m);
  }, 40_000);

  it('prints the generated chief password once it listens: not when the port is taken, then at the next start', async () => {
    const dataDir = await seededDataDir(folder);
    const taken = createServer().listen(0, '127.0.0.1');
    await once(taken, 'listening');
    const refused = startServer({ DATA_DIR: dataDir, PORT: String((taken.address() as AddressInfo).port) });
    try {
      expect(await exitCode(refused, 60_000)).not.toBe(0);
    } finally {
      taken.close();
    }
    expect(refused.stderr()).toContain('EADDRINUSE');
    expect(refused.stdout()).not.toContain('Password:');

    const started = startServer({ DATA_DIR: dataDir, PORT: '0' });
    try {
      expect(await outputShowing(started, '(shown once;', 60_000)).toMatch(/is serving on .*\n[^]*Password: \S+/);
    } finally {
      await stop(started);
    }
  }, 150_000);
});
