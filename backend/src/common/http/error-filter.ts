import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { type AcceptedBody, type ErrorBody, messages } from '@secretchatbox/contracts';
import { EventStoreUnavailableError } from '@secretchatbox/event-store';
import type { Request, Response } from 'express';
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
    const response = host.switchToHttp().getResponse<Response>();
    const isApi = host.switchToHttp().getRequest<Request>().path.startsWith('/api');
    if (error instanceof NotYetVisible) {
      const accepted: AcceptedBody = {
        ...error.known,
        statusCode: 202,
        message: error.message,
        position: error.position,
      };
      response.status(202).json(accepted);
      return;
    }
    const { body, retryAfterSeconds } = this.answer(error, isApi);
    if (body.statusCode >= 500 && !(error instanceof DomainError)) {
      this.logger.error((error as Error)?.stack ?? String(error));
    }
    if (retryAfterSeconds !== undefined) response.setHeader('Retry-After', String(retryAfterSeconds));
    response.status(body.statusCode).json(body);
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
    // Nest wraps the body parser's errors (bad JSON, too large) in HttpExceptions; the cause says which.
    const cause = (error instanceof HttpException ? error.cause : error) as { type?: string } | undefined;
    if (cause?.type === 'entity.parse.failed') return { body: errorBody(400, messages.invalidJson) };
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
