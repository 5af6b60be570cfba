import { startEntry } from './entry.js';
import { freePort, newApiInstance, newProjectionsWorker } from './members.js';

/**
 * The deployment's topology on one machine: `apiInstances` API processes that run no projections
 * (RUN_PROJECTIONS=false), `workers` projections workers (one active, the others standing by), and
 * one entry point in front of the API (entry.js). Every process gets `env` (DATABASE_URL and
 * REDIS_URL at least), and all start at the same moment, as a deployment's do.
 *
 * `commands.api` and `commands.worker` are the command lines of the two kinds of process: the
 * built files for `npm run cluster`, the sources in tests.
 */
export async function startCluster({ apiInstances = 2, workers = 2, env, commands, entryPort, onOutput }) {
  const numbered = (count) => Array.from({ length: count }, (_, index) => index + 1);
  const apis = await Promise.all(
    numbered(apiInstances).map((n) =>
      newApiInstance({ name: `api-${n}`, command: commands.api, env: { ...env, RUN_PROJECTIONS: 'false' }, onOutput }),
    ),
  );
  const projectionWorkers = await Promise.all(
    numbered(workers).map((n) =>
      newProjectionsWorker({ name: `worker-${n}`, command: commands.worker, env, onOutput }),
    ),
  );
  const members = [...apis, ...projectionWorkers];
  const cluster = {
    apis,
    workers: projectionWorkers,
    entry: null,
    entryUrl: null,
    /** Stops the entry point, then every process (SIGTERM: each drains). */
    async stop() {
      await cluster.entry?.stop();
      await Promise.all(members.map((member) => member.stop('SIGTERM')));
    },
  };
  try {
    for (const member of members) member.start();
    await Promise.all([
      ...apis.map((api) => api.waitForHealth('/health')),
      ...projectionWorkers.map((worker) => worker.waitForHealth('/health')),
    ]);
    const port = entryPort ?? (await freePort());
    cluster.entry = await startEntry({
      port,
      upstreams: apis.map((api) => `127.0.0.1:${api.port}`),
      onOutput: (chunk) => onOutput?.('entry', String(chunk).trimEnd()),
    });
    cluster.entryUrl = `http://127.0.0.1:${port}`;
    return cluster;
  } catch (error) {
    await cluster.stop();
    throw error;
  }
}
