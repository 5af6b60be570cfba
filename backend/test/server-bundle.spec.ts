import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { freePort } from '../../scripts/cluster/members.js';
import { socketPool } from './support/sockets.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const codeCache = join(root, 'backend/bundle/server.cache');
const cacheLeftAside = /server\.cache does not fit this Node\.js or its V8 flags: the server starts without it/;

/** `npm run build`'s compile and bundle steps, as they run: each leaves a current build as it is. */
function buildServerBundle(): void {
  execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-b', 'tsconfig.build.json'], {
    cwd: root,
  });
  execFileSync(process.execPath, ['backend/scripts/bundle.js'], { cwd: root, stdio: 'pipe' });
}

type RunningBundle = { baseUrl: string; output: () => string; stop: () => Promise<void> };

/** `node backend/bundle/main.js` on `dataDir`, once it has printed the chief's password. */
async function startBundle(dataDir: string): Promise<RunningBundle> {
  const port = await freePort();
  const server = spawn(process.execPath, ['backend/bundle/main.js'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent' },
  });
  let output = '';
  server.stdout.on('data', (chunk: Buffer) => (output += chunk));
  server.stderr.on('data', (chunk: Buffer) => (output += chunk));
  const exited = once(server, 'exit');
  const stop = async () => {
    server.kill('SIGTERM');
    await exited;
  };
  const deadline = Date.now() + 120_000;
  while (!/Password: \S+/.test(output)) {
    if (server.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`The bundled server printed no chief password: ${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { baseUrl: `http://127.0.0.1:${port}`, output: () => output, stop };
}

// The one suite that needs a build: what `npm start` runs is the bundle of the compiled server,
// not the sources the other suites load.
describe('the bundled server (npm start)', () => {
  const folder = mkdtempSync(join(tmpdir(), 'scb-bundle-'));
  beforeAll(buildServerBundle, 300_000);
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('starts on an empty data folder with the build’s code cache and serves reads, sign-in and sockets', async () => {
    const server = await startBundle(join(folder, 'first'));
    try {
      expect(server.output()).not.toMatch(cacheLeftAside);
      const feed = await fetch(`${server.baseUrl}/api/confessions?collegeCode=C001`);
      expect(feed.status).toBe(200);
      expect(await feed.json()).toEqual({ items: [], nextCursor: null });

      // The password's hash is checked by a native module, which the bundle loads from node_modules.
      const login = await fetch(`${server.baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'chief', password: /Password: (\S+)/.exec(server.output())![1] }),
      });
      expect(login.status).toBe(200);

      // The socket gateway's module is loaded on demand once the server starts.
      const sockets = socketPool();
      try {
        expect((await sockets.connect(server.baseUrl)).connected).toBe(true);
      } finally {
        sockets.closeAll();
      }
    } finally {
      await server.stop();
    }
  }, 300_000);

  it('starts without a code cache that another Node.js made, and says so', async () => {
    const made = readFileSync(codeCache);
    writeFileSync(codeCache, Buffer.alloc(made.length, 7));
    try {
      const server = await startBundle(join(folder, 'second'));
      try {
        expect(server.output()).toMatch(cacheLeftAside);
        expect((await fetch(`${server.baseUrl}/api/confessions?collegeCode=C001`)).status).toBe(200);
      } finally {
        await server.stop();
      }
    } finally {
      writeFileSync(codeCache, made);
    }
  }, 300_000);
});
