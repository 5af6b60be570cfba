import { describe, expect, it } from '@jest/globals';
import { HttpException, Logger } from '@nestjs/common';
import type { ArgumentsHost } from '@nestjs/common';
import { type ErrorBody, type ErrorCode, errorCodes, errorStatuses } from '@secretchatbox/contracts';
import { DatabaseUnavailableError } from '@secretchatbox/database';
import { EventStoreUnavailableError } from '@secretchatbox/event-store';
import {
  badRequest,
  conflict,
  dailyLimitReached,
  forbidden,
  notFound,
  rateLimited,
  unauthorized,
  unavailable,
  validationFailed,
} from '../errors.js';
import { ErrorFilter } from './error-filter.js';

type Sent = { status: number; body: ErrorBody; headers: Record<string, string> };

/** What the filter sends for `error`, on a request to `url`. */
function answerTo(error: unknown, url = '/api/anything'): Sent {
  const sent: Sent = { status: 0, body: undefined as never, headers: {} };
  const reply = {
    header(name: string, value: string) {
      sent.headers[name] = value;
      return reply;
    },
    code(status: number) {
      sent.status = status;
      return reply;
    },
    send(body: ErrorBody) {
      sent.body = body;
      return reply;
    },
  };
  const host = { switchToHttp: () => ({ getResponse: () => reply, getRequest: () => ({ url }) }) };
  new ErrorFilter().catch(error, host as unknown as ArgumentsHost);
  return sent;
}

const fastifyRefusal = (status: number, code: string) =>
  new HttpException(code, status, { cause: Object.assign(new Error('refused'), { code }) });

const everyError: [ErrorCode, unknown][] = [
  ['validation_failed', validationFailed({ content: 'Too short' })],
  ['validation_failed', badRequest('Invalid cursor')],
  ['bad_request', fastifyRefusal(400, 'FST_ERR_CTP_INVALID_JSON_BODY')],
  ['bad_request', fastifyRefusal(400, 'FST_ERR_CTP_INVALID_CONTENT_LENGTH')],
  ['unauthenticated', unauthorized('Admin sign-in required')],
  ['forbidden', forbidden('Your admin role does not allow this')],
  ['not_found', notFound('Confession not found')],
  ['not_found', new HttpException('Cannot GET /api/nothing', 404)],
  ['conflict', conflict('This confession was already approved')],
  ['payload_too_large', fastifyRefusal(413, 'FST_ERR_CTP_BODY_TOO_LARGE')],
  ['unsupported_media_type', fastifyRefusal(415, 'FST_ERR_CTP_INVALID_MEDIA_TYPE')],
  ['daily_limit_reached', dailyLimitReached('Daily limit reached', 3600)],
  ['rate_limited', rateLimited('Too many requests; try again later', 60)],
  ['internal_error', new TypeError('undefined is not a function')],
  ['briefly_unavailable', unavailable('Briefly unavailable')],
  ['briefly_unavailable', new DatabaseUnavailableError('connection refused')],
  ['briefly_unavailable', new EventStoreUnavailableError('14 UNAVAILABLE')],
];

describe('the error filter', () => {
  // What it logs is not what is asked here.
  Logger.overrideLogger(false);

  it.each(everyError)('answers %s, with its status, for %p', (code, error) => {
    const { status, body } = answerTo(error);
    expect(body.code).toBe(code);
    expect(status).toBe(errorStatuses[code]);
    expect(body.statusCode).toBe(status);
  });

  it('has an error for every code, so that each code is one the backend gives', () => {
    expect(new Set(everyError.map(([code]) => code))).toEqual(new Set(errorCodes));
  });

  it('keeps the message and the fields beside the code', () => {
    expect(answerTo(validationFailed({ content: 'Too short', nickname: 'Too long' })).body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Too short',
      code: 'validation_failed',
      fields: { content: 'Too short', nickname: 'Too long' },
    });
  });

  it('tells when to try again after a limit', () => {
    expect(answerTo(dailyLimitReached('Daily limit reached', 3600)).headers).toEqual({ 'Retry-After': '3600' });
  });

  it('keeps the status of a refusal of the HTTP server that has no code of its own', () => {
    const { status, body } = answerTo(fastifyRefusal(405, 'FST_ERR_SOMETHING_ELSE'));
    expect({ status, code: body.code }).toEqual({ status: 405, code: 'bad_request' });
  });
});
