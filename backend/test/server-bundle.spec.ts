import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from '@jest/globals';
import { freePort } from '../../scripts/cluster/members.js';
import { socketPool } from './support/sockets.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** `npm run build`'s compile and bundle steps, as they run: each leaves a current build as it is. */
function buildServerBundle(): void {
  execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-b', 'tsconfig.build.json'], {
    cwd: root,
  });
  execFileSync(process.execPath, ['backend/scripts/bundle.js'], { cwd: root, stdio: 'pipe' });
}

// The one suite that needs a build: what `npm start` runs is the bundle of the compiled server,
// not the sources the other suites load.
describe('the bundled server (npm start)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'scb-bundle-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('starts on an empty data folder and serves reads, sign-in and sockets', async () => {
    buildServerBundle();
    const port = await freePort();
    const server = spawn(process.execPath, ['backend/bundle/main.js'], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent' },
    });
    let output = '';
    server.stdout.on('data', (chunk: Buffer) => (output += chunk));
    server.stderr.on('data', (chunk: Buffer) => (output += chunk));
    const exited = once(server, 'exit');
    try {
      const deadline = Date.now() + 120_000;
      while (!/Password: \S+/.test(output)) {
        if (server.exitCode !== null) throw new Error(`The bundled server exited: ${output}`);
        if (Date.now() > deadline) throw new Error(`The bundled server printed no chief password: ${output}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const baseUrl = `http://127.0.0.1:${port}`;
      const feed = await fetch(`${baseUrl}/api/confessions?collegeCode=C001`);
      expect(feed.status).toBe(200);
      expect(await feed.json()).toEqual({ items: [], nextCursor: null });

      // The password's hash is checked by a native module, which the bundle loads from node_modules.
      const login = await fetch(`${baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'chief', password: /Password: (\S+)/.exec(output)![1] }),
      });
      expect(login.status).toBe(200);

      // The socket gateway's module is a chunk of its own, loaded once the server starts.
      const sockets = socketPool();
      try {
        expect((await sockets.connect(baseUrl)).connected).toBe(true);
      } finally {
        sockets.closeAll();
      }
    } finally {
      server.kill('SIGTERM');
      await exited;
    }
  }, 300_000);
});
