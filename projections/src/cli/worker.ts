import { AuditChainWriter } from '../audit-chain/chain-writer.js';
import { allProjections } from '../read-models/index.js';
import { migrateReadModels } from '../rebuild.js';
import { ProjectionRunner } from '../runner/projection-runner.js';
import { openStorage, storageConfigSchema } from '../storage.js';

/**
 * `npm run projections:worker`: runs the projections outside the API process. Several workers
 * may run: the projections and the audit chain's writer are active in one of them, the others
 * stand by to take over.
 */
const config = storageConfigSchema.parse(process.env);
const storage = await openStorage(config, 'secretchatbox-projections');
await migrateReadModels(storage.db);
const log = (level: string) => (message: string, fields?: Record<string, unknown>) =>
  console.log(JSON.stringify({ level, time: new Date().toISOString(), msg: message, ...fields }));
const logger = { info: log('info'), error: log('error') };
const runner = new ProjectionRunner(storage.db, storage.store, allProjections, { logger });
const chainWriter = new AuditChainWriter(storage.db, storage.store, { logger });
runner.start();
chainWriter.start();
log('info')('projections worker started', { storage: storage.describe, projections: allProjections.length });

async function shutdown(): Promise<void> {
  await Promise.all([runner.stop(), chainWriter.stop()]);
  await storage.close();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());
