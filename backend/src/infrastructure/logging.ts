import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Params, PinoLogger } from 'nestjs-pino';
import type { AppConfig } from '../config/app-config.js';

/** The caller's X-Request-Id, or a new one. */
const requestId = (request: IncomingMessage) => (request.headers['x-request-id'] as string | undefined) ?? randomUUID();

/**
 * Structured JSON logs. Requests are logged by method, path and status only: never a session
 * token, a cookie or the caller's IP address.
 */
export function loggerOptions(config: AppConfig): Params {
  return {
    pinoHttp: {
      level: config.LOG_LEVEL,
      genReqId: requestId,
      serializers: {
        req: (request: { id: string; method: string; url: string }) => ({
          id: request.id,
          method: request.method,
          path: request.url.split('?')[0],
        }),
        res: (response: { statusCode: number }) => ({ statusCode: response.statusCode }),
      },
      autoLogging: { ignore: (request) => request.url === '/health' || request.url === '/health/ready' },
    },
  };
}

/** Logs an answer given before the request logger saw the request (from a cache), as that logger would. */
export function logAnsweredEarly(
  request: IncomingMessage & { id?: unknown },
  response: ServerResponse,
  startedAt: number,
): void {
  const logger = PinoLogger.root;
  if (!logger?.isLevelEnabled('info')) return;
  request.id ??= requestId(request);
  logger.info({ req: request, res: response, responseTime: Date.now() - startedAt }, 'request completed');
}
