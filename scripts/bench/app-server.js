// The whole server as server.ts starts it, in a process of its own so that the load generator does
// not share its event loop. Configured by the environment; tells its parent the port it got.
import 'reflect-metadata';
import { openStorage } from '@secretchatbox/projections';
import { loadConfig } from '../../backend/dist/config/app-config.js';
import { createApp } from '../../backend/dist/create-app.js';
import { BootstrapChiefService } from '../../backend/dist/features/admin-auth/bootstrap-chief.service.js';
import { listenWithLeanHeap } from '../../backend/dist/lean-heap.js';

const config = loadConfig(process.env);
const storage = await openStorage(config, 'scb-bench:server');
const app = await createApp(config, storage);
app.getHttpServer().once('close', () => void storage.close());
await listenWithLeanHeap(app, { port: 0, host: '127.0.0.1', databaseUrl: config.DATABASE_URL });
await app.get(BootstrapChiefService).createChiefIfMissing();
process.send({ port: app.getHttpServer().address().port });
process.on('message', (message) => {
  if (message !== 'gc') return;
  globalThis.gc();
  globalThis.gc();
  process.send('collected');
});
// The parent's disconnect (its exit included) stops the server through the shutdown hooks.
process.once('disconnect', () => void app.close().finally(() => process.exit(0)));
