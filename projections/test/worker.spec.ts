import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { postgresTarget, until } from '@secretchatbox/database/testing';
import { chainLeaseKey } from '../src/audit-chain/chain-writer.js';
import { allProjections } from '../src/read-models/index.js';
import { leaseKey } from '../src/runner/projection-runner.js';
import { compiledSource } from '../../scripts/test/compiled-sources.js';

const worker = compiledSource('projections/src/cli/worker.ts');
const serverUrl = process.env.TEST_DATABASE_URL;
const token = 'a-metrics-token-0123456789';
const leases = [...allProjections.map(({ name }) => leaseKey(name)), chainLeaseKey];

if (!serverUrl) console.warn('[skipped] the projections worker test: TEST_DATABASE_URL is not set.');

type Worker = Readonly<{ child: ChildProcess; metricsUrl: string; healthUrl: string }>;

/** `npm run projections:worker` from the sources, its metrics on a free port, once it says it has started. */
async function startWorker(databaseUrl: string): Promise<Worker> {
  const child = spawn(process.execPath, [worker], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      METRICS_PORT: '0',
      METRICS_HOST: '127.0.0.1',
      METRICS_TOKEN: token,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  const metricsUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the worker did not start within 60 s')), 60_000);
    child.once('exit', (code) => reject(new Error(`the worker exited with code ${code}: ${output}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk;
      const started = output
        .split('\n')
        .map((line) => (line.startsWith('{') ? (JSON.parse(line) as { msg: string; metrics?: string }) : null))
        .find((line) => line?.msg === 'projections worker started');
      if (!started) return;
      clearTimeout(timer);
      resolve(started.metrics!);
    });
  });
  return { child, metricsUrl, healthUrl: metricsUrl.replace(/\/metrics$/, '/health') };
}

async function stopWorker({ child }: Worker): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const [code] = (await exited) as [number | null];
  return code;
}

/** Each lease's `scb_lease_held` and `scb_lease_acquisitions_total`, as the worker reports them. */
async function leasesOf({ metricsUrl }: Worker): Promise<Map<string, { held: number; acquisitions: number }>> {
  const answer = await fetch(metricsUrl, { headers: { authorization: `Bearer ${token}` } });
  expect(answer.status).toBe(200);
  const text = await answer.text();
  const value = (name: string, lease: string) =>
    Number(new RegExp(`^${name}\\{lease="${lease}"\\} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
  return new Map(
    leases.map((lease) => [
      lease,
      { held: value('scb_lease_held', lease), acquisitions: value('scb_lease_acquisitions_total', lease) },
    ]),
  );
}

const holdsEvery = async (worker: Worker) => [...(await leasesOf(worker)).values()].every(({ held }) => held === 1);

(serverUrl ? describe : describe.skip)('the projections worker on a PostgreSQL server', () => {
  let dispose: () => Promise<void> = async () => undefined;
  let databaseUrl = '';
  let first: Worker;
  let second: Worker;

  beforeAll(async () => {
    const database = await postgresTarget(serverUrl!).create();
    dispose = database.dispose;
    databaseUrl = database.connectionString!;
    // One after the other: the first migrates the read models; the second finds them done.
    first = await startWorker(databaseUrl);
    second = await startWorker(databaseUrl);
  }, 150_000);
  afterAll(async () => {
    for (const worker of [first, second]) if (worker) await stopWorker(worker);
    await dispose();
  }, 60_000);

  it('answers /health for a container health check, and /metrics to the bearer of the token only', async () => {
    const health = await fetch(first.healthUrl);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    expect((await fetch(first.metricsUrl)).status).toBe(401);
    const answer = await fetch(first.metricsUrl, { headers: { authorization: `Bearer ${token}` } });
    const text = await answer.text();
    expect(text).toMatch(/^scb_projection_lag_events\{projection="confessions"\} \d+$/m);
    expect(text).toMatch(/^scb_projection_lag_milliseconds\{projection="confessions"\} [\d.e-]+$/m);
    expect(text).toMatch(/^process_cpu_user_seconds_total \S+$/m);
  });

  it('shows which worker holds the leases, and the takeover when it stops', async () => {
    // The first started first: it holds every lease, the second stands by.
    await until(() => holdsEvery(first), 30_000);
    const standing = await leasesOf(second);
    expect([...standing.values()].every(({ held, acquisitions }) => held === 0 && acquisitions === 0)).toBe(true);
    expect(await stopWorker(first)).toBe(0);
    await until(() => holdsEvery(second), 30_000);
    const taken = await leasesOf(second);
    expect([...taken.values()].every(({ acquisitions }) => acquisitions === 1)).toBe(true);
  }, 90_000);
});
