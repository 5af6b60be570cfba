import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { QueryBus } from '@nestjs/cqrs';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { migrateReadModels, type Storage } from '@secretchatbox/projections';
import { AppModule } from './app.module.js';
import { notYetVisibleAs202 } from './common/http/not-yet-visible-answers.js';
import { answerWritePosition, readAfterWrites } from './common/http/read-your-writes.js';
import { requestIdOf } from './common/http/request-ids.js';
import { requestMetrics } from './common/http/request-metrics.js';
import { securityHeaders, securityHeaderValues } from './common/http/security-headers.js';
import { giveSocketIoAnswersHeaders } from './common/http/socket-io-headers.js';
import { serveFiles } from './common/http/static-files.js';
import { compressWholeAnswers } from './common/http/whole-answer-compression.js';
import type { AppConfig } from './config/app-config.js';
import { chatHistoryReads } from './features/chat/chat-history-reads.js';
import { feedReads } from './features/confessions/feed-reads.js';
import { RealtimeIoAdapter } from './realtime/realtime-io-adapter.js';
import { SocketAdmission } from './realtime/socket-admission.js';
import { openFileLimit, socketCapacity } from './realtime/socket-capacity.js';
import { SocketIdentities } from './realtime/socket-identity.js';
import { VisitorSessions } from './identity/visitor-sessions.js';
import type { Clock } from './infrastructure/clock.js';
import { createLogger, NestLogger, requestLogger } from './infrastructure/logging.js';
import { Draining } from './infrastructure/draining.js';
import { Metrics } from './infrastructure/metrics.js';
import { ReadModelChanges } from './infrastructure/read-model-changes.js';
import { connectRedis, type Redis } from './infrastructure/redis.js';

const defaultFrontendDist = fileURLToPath(new URL('../../frontend/dist', import.meta.url));
const bodyLimit = 64 * 1024;

/** Builds the whole server: API, socket.io, projections, API docs and the built frontend. */
export async function createApp(config: AppConfig, storage: Storage, clock?: Clock): Promise<INestApplication> {
  // A socket cap that does not fit is refused here (ConfigError), before Nest: an error in a
  // provider would make Nest end the process without its message.
  socketCapacity(config, openFileLimit());
  await migrateReadModels(storage.db);
  const redis = config.REDIS_URL ? await connectRedis(config.REDIS_URL, config.REDIS_KEY_PREFIX) : null;
  try {
    return await createAppWith(config, storage, clock, redis);
  } catch (error) {
    await redis?.close();
    throw error;
  }
}

async function createAppWith(
  config: AppConfig,
  storage: Storage,
  clock: Clock | undefined,
  redis: Redis | null,
): Promise<INestApplication> {
  const requestId = requestIdOf(config.TRUST_PROXY);
  const adapter = new FastifyAdapter({
    // Behind a proxy (TRUST_PROXY=1), the caller's network comes from X-Forwarded-For.
    trustProxy: (_address, hop) => hop < config.TRUST_PROXY,
    // Each request's id: a trusted proxy's X-Request-Id, or a random UUID (request-ids.ts).
    genReqId: requestId,
    bodyLimit,
    // Long enough for any id a client may send, so that a wrong one is the route's own 404.
    routerOptions: { maxParamLength: 1000 },
  });
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot({ config, storage, clock, redis }),
    adapter,
    {
      bufferLogs: true,
      bodyParser: false,
      // Closing ends every connection, also one whose client stopped reading a file half-way,
      // which would otherwise hold the close for as long as the client stays.
      forceCloseConnections: true,
    },
  );
  const logger = createLogger(config);
  app.useLogger(new NestLogger(logger));
  const server = app.getHttpAdapter().getInstance();
  // An empty JSON body is no body, as a bodiless POST is; the endpoint's schema then judges it.
  const parseJson = server.getDefaultJsonParser('error', 'error');
  server.removeContentTypeParser('application/json');
  server.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, (request, body, done) =>
    body === '' ? done(null, undefined) : parseJson(request, body as string, done),
  );
  const frontendDist = resolve(config.FRONTEND_DIST ?? defaultFrontendDist);
  const headers = securityHeaderValues(frontendDist, config.TRUST_PROXY);
  // The first hook, so that every answer has the headers, also one that a later hook gives.
  server.addHook('onRequest', securityHeaders(headers));
  // A draining instance's answers close their connections: a proxy that keeps connections open to
  // it (deploy/nginx.conf) sends its next request elsewhere, not on a connection about to close.
  const draining = app.get(Draining);
  server.addHook('onRequest', (_request, reply, done) => {
    if (draining.isDraining) reply.header('connection', 'close');
    done();
  });
  server.addHook('onResponse', requestLogger(logger));
  server.addHook('onResponse', requestMetrics(app.get(Metrics)));
  server.addHook('preSerialization', notYetVisibleAs202);
  server.addHook('onSend', answerWritePosition);
  server.addHook('onSend', compressWholeAnswers);
  // Streams (the files of static-files.ts, whose routes ask for it), and nothing else.
  await app.register(fastifyCompress, { global: false });
  server.addHook('onRequest', readAfterWrites(app.get(ReadModelChanges)));
  server.addHook('onRequest', feedReads(app.get(QueryBus), app.get(VisitorSessions), app.get(ReadModelChanges)));
  server.addHook('onRequest', chatHistoryReads(app.get(QueryBus), app.get(ReadModelChanges)));
  const sockets = new RealtimeIoAdapter(
    app,
    redis,
    app.get(SocketAdmission),
    app.get(SocketIdentities),
    app.get(Metrics),
  );
  app.useWebSocketAdapter(sockets);
  serveFiles(server, frontendDist);
  await app.init();
  giveSocketIoAnswersHeaders(app.getHttpServer(), headers, requestId);
  return app;
}
