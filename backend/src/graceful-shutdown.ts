import type { Server } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { INestApplication } from '@nestjs/common';
import { Draining } from './infrastructure/draining.js';

export type DrainTimes = Readonly<{
  /** How long requests in flight may take to complete before their connections are cut. */
  requestsMs: number;
  /** How often connections that have finished their requests are closed meanwhile. */
  idleSweepMs: number;
}>;

export const drainTimes: DrainTimes = { requestsMs: 8_000, idleSweepMs: 100 };

/**
 * Stops the instance without failing anyone: readiness fails and the sockets are sent elsewhere
 * (`Draining`), the listener closes at once (a load balancer's next connection is refused and goes
 * to another instance), requests in flight complete, then the application closes.
 */
export async function drainAndClose(app: INestApplication, times: DrainTimes = drainTimes): Promise<void> {
  app.get(Draining).begin();
  const server = app.getHttpServer() as Server;
  const allClosed = new Promise<void>((resolve) => server.close(() => resolve()));
  // A keep-alive connection whose request completes goes idle; closed then, it takes no new one.
  const sweep = setInterval(() => server.closeIdleConnections(), times.idleSweepMs);
  await Promise.race([allClosed, sleep(times.requestsMs)]);
  clearInterval(sweep);
  await app.close();
}
