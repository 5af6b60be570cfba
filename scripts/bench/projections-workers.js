import { fileURLToPath } from 'node:url';
import { newProjectionsWorker } from '../cluster/members.js';
import { serverNodeFlags } from '../cluster/node-flags.js';

const workerMain = fileURLToPath(new URL('../../projections/dist/cli/worker.js', import.meta.url));

/** A projections worker (`npm run projections:worker`) with `env` on top of this process's, once it answers /health. */
export async function startWorker(env, index) {
  const command = [process.execPath, ...serverNodeFlags, workerMain];
  return restartWorker(
    await newProjectionsWorker({ name: `worker-${index}`, command, env: { ...process.env, ...env } }),
  );
}

export async function restartWorker(worker) {
  worker.start();
  await worker.waitForHealth('/health');
  return worker;
}
