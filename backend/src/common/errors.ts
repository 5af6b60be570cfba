import { type ErrorCode, messages } from '@secretchatbox/contracts';

/**
 * Why a command or query was refused, in the domain's own terms: the `code` of its error answer.
 * Deciders and handlers throw these; the error filter alone turns each into an HTTP answer at the
 * edge, with the status the code comes with. The codes left out are the HTTP server's own.
 */
export type RefusalKind = Exclude<
  ErrorCode,
  'bad_request' | 'payload_too_large' | 'unsupported_media_type' | 'internal_error'
>;

export class DomainError extends Error {
  override readonly name = 'DomainError';

  constructor(
    readonly kind: RefusalKind,
    message: string,
    readonly fields?: Record<string, string>,
    /** For limits and outages: when trying again may succeed. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const validationFailed = (fields: Record<string, string>) =>
  new DomainError('validation_failed', Object.values(fields)[0] ?? messages.validationFailed, fields);
export const badRequest = (message: string) => new DomainError('validation_failed', message);
export const unauthorized = (message: string) => new DomainError('unauthenticated', message);
export const forbidden = (message: string) => new DomainError('forbidden', message);
export const notFound = (message: string) => new DomainError('not_found', message);
export const conflict = (message: string) => new DomainError('conflict', message);
/** A daily allowance used up, until the quota day ends. */
export const dailyLimitReached = (message: string, retryAfterSeconds: number) =>
  new DomainError('daily_limit_reached', message, undefined, retryAfterSeconds);
/** Too many in a short time. */
export const rateLimited = (message: string, retryAfterSeconds: number) =>
  new DomainError('rate_limited', message, undefined, retryAfterSeconds);
export const unavailable = (message: string, retryAfterSeconds = 1) =>
  new DomainError('briefly_unavailable', message, undefined, retryAfterSeconds);
