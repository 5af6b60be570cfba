import { DatabaseUnavailableError } from '@secretchatbox/database';
import { EventStoreUnavailableError, InvalidAppendError, WrongExpectedRevisionError } from '../errors.js';
import type { ExpectedRevision } from '../event-store.js';

type PgError = { code?: string; detail?: string };

/** A PostgreSQL error as the port's own error types; the database port has already told connection failures apart. */
export function translateError(error: unknown, streamId?: string, expected?: ExpectedRevision): Error {
  const { code, detail } = error as PgError;
  if (code === 'ES001' && streamId !== undefined && expected !== undefined) {
    return new WrongExpectedRevisionError(streamId, expected, Number(detail ?? -1));
  }
  if (code === '23505' && streamId !== undefined) {
    return new InvalidAppendError(`An event id appended to ${streamId} is already used in another stream`);
  }
  if (error instanceof DatabaseUnavailableError) {
    return new EventStoreUnavailableError(`Event store unreachable: ${error.message}`, { cause: error });
  }
  return error as Error;
}
