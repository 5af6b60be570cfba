import type { LoggerService } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestPath } from '../common/http/request-path.js';
import { type Logger, pino } from 'pino';
import type { AppConfig } from '../config/app-config.js';

export type { Logger } from 'pino';

/** The process's one structured JSON logger. */
export function createLogger(config: Pick<AppConfig, 'LOG_LEVEL'>): Logger {
  return pino({ level: config.LOG_LEVEL });
}

/** The framework's own messages, through the same logger. */
export class NestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string) {
    this.write('info', message, context);
  }
  error(message: unknown, trace?: string, context?: string) {
    this.write('error', message, context, trace);
  }
  warn(message: unknown, context?: string) {
    this.write('warn', message, context);
  }
  debug(message: unknown, context?: string) {
    this.write('debug', message, context);
  }
  verbose(message: unknown, context?: string) {
    this.write('trace', message, context);
  }

  private write(
    level: 'info' | 'error' | 'warn' | 'debug' | 'trace',
    message: unknown,
    context?: string,
    trace?: string,
  ) {
    if (!this.logger.isLevelEnabled(level)) return;
    const fields = typeof message === 'object' && message !== null ? message : { msg: String(message) };
    this.logger[level]({ context, ...(trace ? { trace } : {}), ...fields });
  }
}

const unlogged = new Set(['/health', '/health/ready', '/metrics']);

/**
 * One line per answered request (an `onResponse` hook, so answers from a cache count too): its
 * id, method, path, status and time, never a session token, a cookie or the caller's address. The
 * id is the request's own (`request.id`, see `common/http/request-ids.ts`): the one its answer's
 * `X-Request-Id` header shows, and its events' `correlationId`.
 * Below the `info` level nothing is done per request at all, so a quiet server pays nothing for it.
 */
export function requestLogger(logger: Logger) {
  return (request: FastifyRequest, reply: FastifyReply, done: () => void): void => {
    if (logger.isLevelEnabled('info')) {
      const path = requestPath(request);
      if (!unlogged.has(path)) {
        logger.info(
          {
            req: { id: request.id, method: request.method, path },
            res: { statusCode: reply.statusCode },
            responseTime: Math.round(reply.elapsedTime),
          },
          'request completed',
        );
      }
    }
    done();
  };
}
