import { pino } from 'pino';
import { AuditChainWriter } from '../audit-chain/chain-writer.js';
import { closeMetricsServer, createMetricsServer, listenForScrapes } from '../metrics/metrics-server.js';
import { leasesOf, registerProjectionMetrics } from '../metrics/projection-metrics.js';
import { createMetricsRegistry } from '../metrics/registry.js';
import { allProjections } from '../read-models/index.js';
import { migrateReadModels } from '../rebuild.js';
import { ProjectionRunner } from '../runner/projection-runner.js';
import { openStorage } from '../storage.js';
import { ConfigError } from '../environment.js';
import { loadWorkerConfig, type WorkerConfig } from '../worker-config.js';

/**
 * `npm run projections:worker`: runs the projections outside the API process. Several workers
 * may run: the projections and the audit chain's writer are active in one of them, the others
 * stand by to take over. Each answers `/metrics` and `/health` on METRICS_HOST:METRICS_PORT.
 */
const config = configOrExit();
// The same JSON lines as the server's (pino), so that one log pipeline reads both.
const log = pino({ level: config.LOG_LEVEL });
// Listening first: a port that cannot be had stops the worker before it touches the storage.
const registry = createMetricsRegistry();
const metricsServer = createMetricsServer(registry, config.METRICS_TOKEN);
const metrics = await listenForScrapes(metricsServer, config.METRICS_PORT, config.METRICS_HOST).catch((error: Error) =>
  exitWith(`METRICS_PORT ${config.METRICS_PORT} on METRICS_HOST ${config.METRICS_HOST}: ${error.message}`),
);
const storage = await openStorage(config, 'secretchatbox-projections');
await migrateReadModels(storage.db);
const logger = {
  info: (message: string, fields?: Record<string, unknown>) => log.info(fields ?? {}, message),
  error: (message: string, fields?: Record<string, unknown>) => log.error(fields ?? {}, message),
};
const runner = new ProjectionRunner(storage.db, storage.store, allProjections, { logger });
const chainWriter = new AuditChainWriter(storage.db, storage.store, { logger });
registerProjectionMetrics(registry, {
  db: storage.db,
  store: storage.store,
  projections: allProjections,
  now: () => new Date(),
  leases: () => leasesOf(allProjections, [runner], chainWriter),
});
runner.start();
chainWriter.start();
logger.info('projections worker started', {
  storage: storage.describe,
  projections: allProjections.length,
  metrics: `http://${metrics.family === 'IPv6' ? `[${metrics.address}]` : metrics.address}:${metrics.port}/metrics`,
});

async function shutdown(): Promise<void> {
  await Promise.all([runner.stop(), chainWriter.stop(), closeMetricsServer(metricsServer)]);
  await storage.close();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());

function configOrExit(): WorkerConfig {
  try {
    return loadWorkerConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) exitWith(error.message);
    throw error;
  }
}

function exitWith(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}
