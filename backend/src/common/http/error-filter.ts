import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { type ErrorBody, type ErrorCode, errorStatuses, messages } from '@secretchatbox/contracts';
import { DatabaseUnavailableError } from '@secretchatbox/database';
import { EventStoreUnavailableError } from '@secretchatbox/event-store';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, unavailable } from '../errors.js';

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

/** What the HTTP server refuses before any handler, by its status; any other 4xx is a bad request. */
const codeOfHttpStatus: Partial<Record<number, ErrorCode>> = {
  404: 'not_found',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
};

type Answer = { body: ErrorBody; retryAfterSeconds?: number };

/** Every error leaves as the uniform JSON of docs/api.md, with its code; domain refusals get their HTTP status here. */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('ErrorFilter');

  catch(error: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const isApi = host.switchToHttp().getRequest<FastifyRequest>().url.startsWith('/api');
    // An outage is no fault of the request's: it is logged in one line, without a stack.
    const refusal = outage(error) ? unavailable(messages.brieflyUnavailable) : error;
    if (refusal !== error) this.logger.warn((error as Error).message);
    const { body, retryAfterSeconds } = this.answer(refusal, isApi);
    if (body.statusCode >= 500 && !(refusal instanceof DomainError)) {
      this.logger.error((error as Error)?.stack ?? String(error));
    }
    if (retryAfterSeconds !== undefined) void reply.header('Retry-After', String(retryAfterSeconds));
    void reply.code(body.statusCode).send(body);
  }

  private answer(error: unknown, isApi: boolean): Answer {
    if (error instanceof DomainError) {
      return { body: errorBody(error.kind, error.message, error.fields), retryAfterSeconds: error.retryAfterSeconds };
    }
    // Nest wraps what the HTTP server refuses before any handler (bad JSON, too large) in
    // HttpExceptions; the cause says which.
    const cause = (error instanceof HttpException ? error.cause : error) as { code?: string } | undefined;
    if (cause?.code === 'FST_ERR_CTP_INVALID_JSON_BODY')
      return { body: errorBody('bad_request', messages.invalidJson) };
    if (error instanceof HttpException) {
      const status = error.getStatus();
      const code = codeOfHttpStatus[status] ?? 'bad_request';
      if (code === 'not_found') return { body: errorBody(code, isApi ? messages.routeNotFound : 'Not found') };
      return { body: errorBody(code, error.message, undefined, status) };
    }
    return { body: errorBody('internal_error', messages.internalError) };
  }
}

/** The database or the event store cannot be reached now. */
const outage = (error: unknown) =>
  error instanceof DatabaseUnavailableError || error instanceof EventStoreUnavailableError;

export function errorBody(
  code: ErrorCode,
  message: string,
  fields?: Record<string, string>,
  statusCode: number = errorStatuses[code],
): ErrorBody {
  return { statusCode, error: statusNames[statusCode] ?? 'Error', message, code, ...(fields ? { fields } : {}) };
}
