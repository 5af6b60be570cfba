import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { type AcceptedBody, type ErrorBody, messages } from '@secretchatbox/contracts';
import { EventStoreUnavailableError } from '@secretchatbox/event-store';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, NotYetVisible, type RefusalKind } from '../errors.js';

const statusNames: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

const statusOfRefusal: Record<RefusalKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  limit_reached: 429,
  unavailable: 503,
};

type Answer = { body: ErrorBody; retryAfterSeconds?: number };

/** Every error leaves as the uniform JSON of brief section 9; domain refusals get their HTTP status here. */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('ErrorFilter');

  catch(error: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const isApi = host.switchToHttp().getRequest<FastifyRequest>().url.startsWith('/api');
    if (error instanceof NotYetVisible) {
      const accepted: AcceptedBody = {
        ...error.known,
        statusCode: 202,
        message: error.message,
        position: error.position,
      };
      void reply.code(202).send(accepted);
      return;
    }
    const { body, retryAfterSeconds } = this.answer(error, isApi);
    if (body.statusCode >= 500 && !(error instanceof DomainError)) {
      this.logger.error((error as Error)?.stack ?? String(error));
    }
    if (retryAfterSeconds !== undefined) void reply.header('Retry-After', String(retryAfterSeconds));
    void reply.code(body.statusCode).send(body);
  }

  private answer(error: unknown, isApi: boolean): Answer {
    if (error instanceof DomainError) {
      return {
        body: errorBody(statusOfRefusal[error.kind], error.message, error.fields),
        retryAfterSeconds: error.retryAfterSeconds,
      };
    }
    if (error instanceof EventStoreUnavailableError) {
      return { body: errorBody(503, 'The event store is unreachable; please retry shortly'), retryAfterSeconds: 5 };
    }
    // Nest wraps what the HTTP server refuses before any handler (bad JSON, too large) in
    // HttpExceptions; the cause says which.
    const cause = (error instanceof HttpException ? error.cause : error) as { code?: string } | undefined;
    if (cause?.code === 'FST_ERR_CTP_INVALID_JSON_BODY') return { body: errorBody(400, messages.invalidJson) };
    if (error instanceof HttpException) {
      const status = error.getStatus();
      const notFound = isApi ? messages.routeNotFound : 'Not found';
      return { body: errorBody(status, status === 404 ? notFound : error.message) };
    }
    return { body: errorBody(500, messages.internalError) };
  }
}

export function errorBody(statusCode: number, message: string, fields?: Record<string, string>): ErrorBody {
  return { statusCode, error: statusNames[statusCode] ?? 'Error', message, ...(fields ? { fields } : {}) };
}
