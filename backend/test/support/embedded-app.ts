import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { openStorage, type Storage } from '@secretchatbox/projections';
import { loadConfig } from '../../src/config/app-config.js';
import { createApp } from '../../src/create-app.js';
import { BootstrapChiefService } from '../../src/features/admin-auth/bootstrap-chief.service.js';

/** The server as `npm start` runs it: embedded PGlite keeping its data under `dataDir`. */
export async function startEmbeddedApp(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ app: INestApplication; storage: Storage; baseUrl: string; close(): Promise<void> }> {
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, PORT: '0', ...env });
  const storage = await openStorage(config, 'scb-test');
  const app = await createApp(config, storage);
  await app.listen(0, '127.0.0.1');
  await app.get(BootstrapChiefService).createChiefIfMissing();
  const { port } = app.getHttpServer().address() as AddressInfo;
  return {
    app,
    storage,
    baseUrl: `http://127.0.0.1:${port}`,
    async close() {
      await app.close();
      await storage.close();
    },
  };
}
