import { messages } from '@secretchatbox/contracts';

/**
 * Why a command or query was refused, in the domain's own terms. Deciders and handlers throw
 * these; the error filter alone maps each kind to an HTTP answer at the edge.
 */
export type RefusalKind =
  'invalid' | 'unauthenticated' | 'forbidden' | 'not_found' | 'conflict' | 'limit_reached' | 'unavailable';

export class DomainError extends Error {
  override readonly name = 'DomainError';

  constructor(
    readonly kind: RefusalKind,
    message: string,
    readonly fields?: Record<string, string>,
    /** For `limit_reached` and `unavailable`: when trying again may succeed. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const validationFailed = (fields: Record<string, string>) =>
  new DomainError('invalid', Object.values(fields)[0] ?? messages.validationFailed, fields);
export const badRequest = (message: string) => new DomainError('invalid', message);
export const unauthorized = (message: string) => new DomainError('unauthenticated', message);
export const forbidden = (message: string) => new DomainError('forbidden', message);
export const notFound = (message: string) => new DomainError('not_found', message);
export const conflict = (message: string) => new DomainError('conflict', message);
export const limitReached = (message: string, retryAfterSeconds: number) =>
  new DomainError('limit_reached', message, undefined, retryAfterSeconds);
export const unavailable = (message: string, retryAfterSeconds = 1) =>
  new DomainError('unavailable', message, undefined, retryAfterSeconds);

/**
 * Not a refusal: the write is stored, but its read models had not caught up when the wait ran
 * out. The edge answers 202 with its position and what is known of it (`known`), never an error,
 * so that no client retries a write that was saved.
 */
export class NotYetVisible extends Error {
  override readonly name = 'NotYetVisible';

  constructor(
    readonly position: string,
    readonly known: Readonly<Record<string, unknown>>,
  ) {
    super(messages.savedNotYetVisible);
  }
}

/** For writes nobody waits to read back (start-up seeding): saved is enough. */
export function ignoreNotYetVisible(error: unknown): void {
  if (!(error instanceof NotYetVisible)) throw error;
}
