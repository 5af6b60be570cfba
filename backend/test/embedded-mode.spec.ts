import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import type { SessionCreated, SessionView } from '@secretchatbox/contracts';
import { openStorage, storageConfigSchema } from '@secretchatbox/projections';
import { startEmbeddedApp } from './support/embedded-app.js';

// Each start opens PGlite in a folder, migrates and seeds it: two starts take most of 30 s on a
// busy 2-core machine, so the first test has room of its own.
describe('embedded mode (PGlite in a data folder)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'scb-embedded-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps data across a restart, seeds once and prints the generated chief password once', async () => {
    const printed = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const first = await startEmbeddedApp(dataDir);
    const session = (await (await fetch(`${first.baseUrl}/api/session`, { method: 'POST' })).json()) as SessionCreated;
    await first.close();
    const firstOutput = printed.mock.calls.map(([chunk]) => String(chunk)).join('');
    printed.mockClear();

    const second = await startEmbeddedApp(dataDir);
    const secondOutput = printed.mock.calls.map(([chunk]) => String(chunk)).join('');
    printed.mockRestore();
    try {
      const read = await fetch(`${second.baseUrl}/api/session`, {
        headers: { 'x-session-token': session.sessionToken },
      });
      expect(read.status).toBe(200);
      expect(((await read.json()) as SessionView).sessionId).toBe(session.sessionId);
      const colleges = await (await fetch(`${second.baseUrl}/api/colleges`)).json();
      expect(colleges).toHaveLength(4);
      const password = /Password: (\S+)/.exec(firstOutput)?.[1];
      expect(password).toBeDefined();
      expect(secondOutput).not.toContain('Password:');
      const login = await fetch(`${second.baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'chief', password }),
      });
      expect(login.status).toBe(200);
    } finally {
      await second.close();
    }
  }, 120000);

  it('refuses to open a data folder another process has open', async () => {
    const app = await startEmbeddedApp(dataDir);
    try {
      const config = storageConfigSchema.parse({ DATA_DIR: dataDir });
      await expect(openStorage(config, 'second')).rejects.toThrow(
        `DATA_DIR ${dataDir} cannot be used: ${join(dataDir, 'pglite')} is in use by process ${process.pid}; stop it first`,
      );
    } finally {
      await app.close();
    }
  });
});
