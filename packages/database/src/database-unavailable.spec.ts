import { describe, expect, it } from '@jest/globals';
import { DatabaseUnavailableError, isConnectionFailure, unavailableOr } from './database-unavailable.js';

const failure = (code: string | undefined, message = 'failed') => Object.assign(new Error(message), { code });

describe('connection failures', () => {
  it.each([
    ['a refused connection', failure('ECONNREFUSED')],
    ['a reset connection', failure('ECONNRESET')],
    ['a connection that timed out', failure('ETIMEDOUT')],
    ['a host out of reach', failure('EHOSTUNREACH')],
    ['a connection exception (SQLSTATE class 08)', failure('08006')],
    ['an administrator shutdown', failure('57P01')],
    ['a crash shutdown', failure('57P02')],
    ['a server that cannot connect now', failure('57P03')],
    ['too many connections', failure('53300')],
    ['a connection ended under a query', failure(undefined, 'Connection terminated unexpectedly')],
    ['a connection that took too long', failure(undefined, 'Connection terminated due to connection timeout')],
    [
      "a pool's wait for a connection that took too long",
      failure(undefined, 'timeout exceeded when trying to connect'),
    ],
    ['a client broken before', failure(undefined, 'Client has encountered a connection error and is not queryable')],
  ])('counts %s', (_kind, error) => {
    expect(isConnectionFailure(error)).toBe(true);
    const unavailable = unavailableOr(error);
    expect(unavailable).toBeInstanceOf(DatabaseUnavailableError);
    expect((unavailable as Error).cause).toBe(error);
  });

  it.each([
    ['a unique violation', failure('23505')],
    ['a missing table', failure('42P01')],
    ['a serialization failure', failure('40001')],
    ['a statement timeout', failure('57014')],
    ['an error of the code', new TypeError('x is undefined')],
  ])('leaves %s as it is', (_kind, error) => {
    expect(isConnectionFailure(error)).toBe(false);
    expect(unavailableOr(error)).toBe(error);
  });
});
