/**
 * The database cannot be reached now: its connection failed, was cut or refused, or the server is
 * shutting down or out of connections. Nothing is wrong with the request; trying again later may
 * succeed. The server adapter throws it in place of each such failure, whatever its form.
 */
export class DatabaseUnavailableError extends Error {
  override readonly name = 'DatabaseUnavailableError';
}

const connectionFailureCodes = new Set([
  // The network: refused, reset, timed out, no route, no such host.
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  // The server: terminated by an administrator, crash shutdown, cannot connect now, too many connections.
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);

// pg's own failures carry no code: a connection that ended under a query, a pool that waited too
// long for a connection, a client whose connection had failed before.
const connectionFailureMessages = /Connection terminated|timeout exceeded when trying to connect|not queryable/;

/** Whether `error` says the connection failed rather than the statement; SQLSTATE class 08 is connection exceptions. */
export function isConnectionFailure(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (connectionFailureCodes.has(code) || code.startsWith('08'))) return true;
  return typeof message === 'string' && connectionFailureMessages.test(message);
}

/** `error` as a DatabaseUnavailableError when it is a connection failure, else itself. */
export function unavailableOr(error: unknown): unknown {
  if (error instanceof DatabaseUnavailableError || !isConnectionFailure(error)) return error;
  return new DatabaseUnavailableError(`Database unreachable: ${(error as Error).message}`, { cause: error });
}
