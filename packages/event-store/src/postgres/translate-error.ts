import { EventStoreUnavailableError, InvalidAppendError, WrongExpectedRevisionError } from '../errors.js';
import type { ExpectedRevision } from '../event-store.js';

type PgError = { code?: string; detail?: string; message?: string };

/** A PostgreSQL error as the port's own error types. */
export function translateError(error: unknown, streamId?: string, expected?: ExpectedRevision): Error {
  const { code, detail } = error as PgError;
  if (code === 'ES001' && streamId !== undefined && expected !== undefined) {
    return new WrongExpectedRevisionError(streamId, expected, Number(detail ?? -1));
  }
  if (code === '23505' && streamId !== undefined) {
    return new InvalidAppendError(`An event id appended to ${streamId} is already used in another stream`);
  }
  if (isConnectionFailure(error)) {
    return new EventStoreUnavailableError(`Event store unreachable: ${(error as Error).message}`, { cause: error });
  }
  return error as Error;
}

function isConnectionFailure(error: unknown): boolean {
  const code = (error as PgError).code ?? '';
  return (
    ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', '57P01', '57P03'].includes(code) ||
    code.startsWith('08') ||
    /Connection terminated|closed|not queryable/i.test((error as Error).message ?? '')
  );
}
