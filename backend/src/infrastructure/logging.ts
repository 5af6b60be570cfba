import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LoggerService } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
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

const unlogged = new Set(['/health', '/health/ready']);

/**
 * One line per request, once it is answered: its id, method, path, status and time, never a
 * session token, a cookie or the caller's address. Below the `info` level nothing is done per
 * request at all, so a quiet server pays nothing for it.
 */
export function requestLogger(logger: Logger) {
  return (request: Request, response: Response, next: NextFunction) => {
    if (logger.isLevelEnabled('info') && !unlogged.has(request.path)) {
      const startedAt = Date.now();
      response.once('finish', () => logAnswer(logger, request, response, startedAt));
    }
    next();
  };
}

/** Logs an answered request; also for answers given before the request logger saw it (from a cache). */
export function logAnswer(logger: Logger, request: IncomingMessage, response: ServerResponse, startedAt: number): void {
  if (!logger.isLevelEnabled('info')) return;
  const id = (request.headers['x-request-id'] as string | undefined) ?? randomUUID();
  logger.info(
    {
      req: { id, method: request.method, path: (request.url ?? '').split('?')[0] },
      res: { statusCode: response.statusCode },
      responseTime: Date.now() - startedAt,
    },
    'request completed',
  );
}
