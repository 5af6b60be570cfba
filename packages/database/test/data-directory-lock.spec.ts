import { type ChildProcess, fork, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { lockDataDirectory } from '../src/data-directory-lock.js';
import type { Attempt } from './data-directory-lock-contender.js';
import { compiledSource } from '../../../scripts/test/compiled-sources.js';

const contenderScript = compiledSource('packages/database/test/data-directory-lock-contender.ts');
const contenders = 6;
const rounds = 20;

async function startContender(dataDir: string): Promise<ChildProcess> {
  const child = fork(contenderScript, [dataDir], { stdio: 'inherit' });
  await once(child, 'message');
  return child;
}

/** Has every contender try at the same moment. */
async function race(running: readonly ChildProcess[]): Promise<Attempt[]> {
  const attempts = running.map(async (child) => (await once(child, 'message'))[0] as Attempt);
  for (const child of running) child.send('try');
  return Promise.all(attempts);
}

describe('the data folder lock', () => {
  const dataDir = join(mkdtempSync(join(tmpdir(), 'scb-lock-')), 'pglite');
  const running: ChildProcess[] = [];
  afterAll(async () => {
    await Promise.all(running.map((child) => (child.kill('SIGKILL'), once(child, 'exit'))));
    rmSync(join(dataDir, '..'), { recursive: true, force: true });
  });

  it(`goes to exactly one of ${contenders} processes, also when its holder died and left it`, async () => {
    running.push(...(await Promise.all(Array.from({ length: contenders }, () => startContender(dataDir)))));
    // The first round finds no lock; each later one the lock of the round before's winner, killed since.
    for (let round = 0; round <= rounds; round++) {
      const attempts = await race(running);
      const winners = attempts.filter((attempt) => attempt.won);
      expect({ round, winners: winners.length }).toEqual({ round, winners: 1 });
      const winner = winners[0]!;
      for (const loser of attempts.filter((attempt) => !attempt.won)) {
        expect(loser.message).toBe(`${dataDir} is in use by process ${winner.pid}; stop it first`);
      }
      const killed = running.find((child) => child.pid === winner.pid)!;
      killed.kill('SIGKILL');
      await once(killed, 'exit');
      running[running.indexOf(killed)] = await startContender(dataDir);
    }
  }, 120_000);

  it('takes over the lock file of an earlier version once its process is gone, not before', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'scb-lock-'));
    try {
      const earlierDataDir = join(folder, 'pglite');
      writeFileSync(`${earlierDataDir}.lock`, String(process.pid));
      expect(() => lockDataDirectory(earlierDataDir)).toThrow(`is in use by process ${process.pid}`);
      const gone = spawn(process.execPath, ['-e', '']);
      await once(gone, 'exit');
      writeFileSync(`${earlierDataDir}.lock`, String(gone.pid));
      const lock = lockDataDirectory(earlierDataDir);
      lock.release();
      expect(readdirSync(folder)).toEqual([]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
