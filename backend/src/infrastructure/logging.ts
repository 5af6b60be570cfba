import { randomUUID } from 'node:crypto';
import type { Params } from 'nestjs-pino';
import type { AppConfig } from '../config/app-config.js';

/**
 * Structured JSON logs. Requests are logged by method, path and status only: never a session
 * token, a cookie or the caller's IP address.
 */
export function loggerOptions(config: AppConfig): Params {
  return {
    pinoHttp: {
      level: config.LOG_LEVEL,
      genReqId: (request) => (request.headers['x-request-id'] as string | undefined) ?? randomUUID(),
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
