import 'reflect-metadata';
import { openStorage, StorageSettingError } from '@secretchatbox/projections';
import { ConfigError, loadConfig } from './config/app-config.js';
import { createApp } from './create-app.js';
import { RedisUnavailableError } from './infrastructure/redis.js';
import { BootstrapChiefService } from './features/admin-auth/bootstrap-chief.service.js';
import { drainAndClose } from './graceful-shutdown.js';
import { listenWithLeanHeap } from './lean-heap.js';

/** What a deployment's orchestrator waits before it kills (Docker's default stop timeout). */
const exitWithinMs = 10_000;

async function startServer(): Promise<void> {
  const config = loadConfig(process.env);
  const storage = await openStorage(config, 'secretchatbox-api');
  const app = await createApp(config, storage);
  const stop = () => {
    setTimeout(() => {
      process.stderr.write(`Requests were still in flight ${exitWithinMs / 1000} s after the signal to stop\n`);
      process.exit(1);
    }, exitWithinMs - 500).unref();
    drainAndClose(app)
      .then(() => storage.close())
      .then(
        () => process.exit(0),
        (error: Error) => {
          process.stderr.write(`${error.stack ?? String(error)}\n`);
          process.exit(1);
        },
      );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  await listenWithLeanHeap(app, { port: config.PORT, host: config.HOST, databaseUrl: config.DATABASE_URL });
  process.stdout.write(`SecretChatBox is serving on http://localhost:${config.PORT} (${storage.describe})\n`);
  await app.get(BootstrapChiefService).createChiefIfMissing();
}

/** Starts the server as configured by the environment; a start that fails ends the process. */
export function runServer(): void {
  startServer().catch((error: unknown) => {
    // These name the variable to fix, which a stack trace would only bury.
    const fromConfiguration =
      error instanceof ConfigError || error instanceof StorageSettingError || error instanceof RedisUnavailableError;
    process.stderr.write(`${fromConfiguration ? error.message : ((error as Error).stack ?? String(error))}\n`);
    process.exit(1);
  });
}
