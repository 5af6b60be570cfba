import 'reflect-metadata';
import { DataDirError, openStorage } from '@secretchatbox/projections';
import { ConfigError, loadConfig } from './config/app-config.js';
import { createApp } from './create-app.js';
import { RedisUnavailableError } from './infrastructure/redis.js';
import { BootstrapChiefService } from './features/admin-auth/bootstrap-chief.service.js';

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const storage = await openStorage(config, 'secretchatbox-api');
  const app = await createApp(config, storage);
  app.getHttpServer().once('close', () => void storage.close());
  await app.listen(config.PORT, config.HOST);
  process.stdout.write(`SecretChatBox is serving on http://localhost:${config.PORT} (${storage.describe})\n`);
  await app.get(BootstrapChiefService).createChiefIfMissing();
}

main().catch((error: unknown) => {
  // These name the variable to fix, which a stack trace would only bury.
  const fromConfiguration =
    error instanceof ConfigError || error instanceof DataDirError || error instanceof RedisUnavailableError;
  process.stderr.write(`${fromConfiguration ? error.message : ((error as Error).stack ?? String(error))}\n`);
  process.exit(1);
});
