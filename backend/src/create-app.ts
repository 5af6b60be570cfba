import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { QueryBus } from '@nestjs/cqrs';
import { NestExpressApplication } from '@nestjs/platform-express';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { migrateReadModels, type Storage } from '@secretchatbox/projections';
import compression from 'compression';
import express, { type NextFunction, type Request, type Response } from 'express';
import swaggerUi from 'swagger-ui-dist';
import { AppModule } from './app.module.js';
import { compressWholeAnswers } from './common/http/whole-answer-compression.js';
import type { AppConfig } from './config/app-config.js';
import { feedReads } from './features/confessions/feed-reads.js';
import { VisitorSessions } from './identity/visitor-sessions.js';
import type { Clock } from './infrastructure/clock.js';
import { createLogger, NestLogger, requestLogger } from './infrastructure/logging.js';
import { ReadModelChanges } from './infrastructure/read-model-changes.js';

const defaultFrontendDist = fileURLToPath(new URL('../../frontend/dist', import.meta.url));
const serverPaths = /^\/(api|health|socket\.io)(\/|$)/;

/** Builds the whole server: API, socket.io, projections, API docs and the built frontend. */
export async function createApp(config: AppConfig, storage: Storage, clock?: Clock): Promise<INestApplication> {
  await migrateReadModels(storage.db);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot({ config, storage, clock }), {
    bufferLogs: true,
    bodyParser: false,
  });
  const logger = createLogger(config);
  app.useLogger(new NestLogger(logger));
  app.disable('x-powered-by');
  // Behind a proxy (TRUST_PROXY=1), the caller's network comes from X-Forwarded-For.
  app.set('trust proxy', config.TRUST_PROXY);
  // First, so that it also sees the answers given from the cache.
  app.use(requestLogger(logger));
  // Files, which are sent piece by piece; the server's own answers are given whole.
  const compressFiles = compression();
  app.use((request: Request, response: Response, next: NextFunction) =>
    serverPaths.test(request.path) ? next() : compressFiles(request, response, next),
  );
  app.use(compressWholeAnswers);
  app.use(feedReads(app.get(QueryBus), app.get(VisitorSessions), app.get(ReadModelChanges)));
  app.use(express.json({ limit: '64kb' }));
  app.useWebSocketAdapter(new IoAdapter(app));
  app.use('/api/docs/assets', express.static(swaggerUi.getAbsoluteFSPath(), { index: false }));
  serveFrontend(app, resolve(config.FRONTEND_DIST ?? defaultFrontendDist));
  app.enableShutdownHooks();
  await app.init();
  return app;
}

/**
 * Static files; for page paths, the prerendered landing page at / and the empty shell
 * (app.html) elsewhere, so the client router takes over. Vite names built assets by content
 * hash, so they never change and may be cached for good.
 */
function serveFrontend(app: NestExpressApplication, dist: string): void {
  const landing = join(dist, 'index.html');
  const shell = join(dist, 'app.html');
  app.use('/assets', express.static(join(dist, 'assets'), { index: false, immutable: true, maxAge: '365d' }));
  const files = express.static(dist, { index: false, maxAge: '1h' });
  app.use((request: Request, response: Response, next: NextFunction) => {
    // The server's own paths are never files: looking for one would cost a file-system call per API request.
    if (serverPaths.test(request.path)) return next();
    files(request, response, (error?: unknown) => {
      // A missing file (a path with an extension) is a 404, not the app's page.
      if (error || request.method !== 'GET' || /\.\w+$/.test(request.path)) return next(error);
      const page = request.path === '/' ? landing : shell;
      if (!existsSync(page)) {
        response.status(503).type('text/plain').send('The frontend is not built yet: run `npm run build`.');
        return;
      }
      response.setHeader('Cache-Control', 'no-cache');
      response.sendFile(page);
    });
  });
}
