// `npm run cluster`: the deployment's topology on this machine, without Docker (README, Modes).
import { fileURLToPath } from 'node:url';
import { serverNodeFlags } from './node-flags.js';
import { startCluster } from './topology.js';

const built = (path) => fileURLToPath(new URL(`../../${path}`, import.meta.url));
const required = ['DATABASE_URL', 'REDIS_URL'];
const missing = required.filter((name) => !process.env[name]);
if (missing.length > 0) {
  process.stderr.write(
    `npm run cluster needs a PostgreSQL server and Redis: set ${missing.join(' and ')}, for example\n` +
      '  DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379 npm run cluster\n',
  );
  process.exit(1);
}
const count = (name, fallback) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1 || value > 16) {
    process.stderr.write(`${name} must be a whole number from 1 to 16\n`);
    process.exit(1);
  }
  return value;
};

const width = 10;
const cluster = await startCluster({
  apiInstances: count('CLUSTER_API_INSTANCES', 3),
  workers: count('CLUSTER_WORKERS', 2),
  entryPort: Number(process.env.CLUSTER_PORT ?? 8080),
  env: { ...process.env },
  commands: {
    api: [process.execPath, ...serverNodeFlags, built('backend/bundle/main.js')],
    worker: [process.execPath, ...serverNodeFlags, built('projections/dist/cli/worker.js')],
  },
  onOutput: (name, line) => process.stdout.write(`${`[${name}]`.padEnd(width)} ${line}\n`),
});
process.stdout.write(
  `\nSecretChatBox cluster: ${cluster.apis.length} API instances, ${cluster.workers.length} projections workers, ` +
    `entry point (${cluster.entry.kind}) at ${cluster.entryUrl.replace('127.0.0.1', 'localhost')}\n` +
    `Press Ctrl-C to stop everything.\n\n`,
);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  process.stdout.write('\nStopping the cluster...\n');
  await cluster.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
