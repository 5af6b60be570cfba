import type { BaseQueryFn, FetchArgs, QueryReturnValue } from '@reduxjs/toolkit/query';
import { type AnswerOf, type Route, routes, type SessionCreated, sessionHeader } from '@secretchatbox/contracts';
import type { ApiError } from './api';
import { call, type CallParts } from './calls';
import { visitorSessionChanged } from './socket';
import { storage } from './storage';

type BaseQuery = (args: FetchArgs) => ReturnType<BaseQueryFn<FetchArgs, unknown, ApiError>>;

// Writes that start at the same moment share one new session instead of each minting their own.
let starting: Promise<{ token: string } | { error: ApiError }> | null = null;

function startSession(baseQuery: BaseQuery) {
  starting ??= (async () => {
    try {
      const result = await baseQuery(call(routes.startSession, { body: {} }));
      if (result.error) return { error: result.error };
      // A 202 carries the token too; until the server can read that session back, a write with it
      // is a 401, and the retry below asks again with the same key, which waits for the same session.
      const { sessionToken } = result.data as SessionCreated;
      storage.set('sessionToken', sessionToken);
      visitorSessionChanged();
      return { token: sessionToken };
    } finally {
      starting = null;
    }
  })();
  return starting;
}

/**
 * Calls a route as the visitor. Every write needs an anonymous session (docs/product.md, Visitors and sessions): one is
 * started first when none is stored, and once more if the server no longer knows the stored token,
 * so a student never sees a write fail for a session they never chose to have.
 */
export async function asVisitor<R extends Route>(
  baseQuery: BaseQuery,
  route: R,
  parts: CallParts = {},
): Promise<QueryReturnValue<AnswerOf<R>, ApiError, undefined>> {
  const args = call(route, parts);
  let token = storage.get('sessionToken');
  for (let attempt = 0; ; attempt += 1) {
    if (!token) {
      const started = await startSession(baseQuery);
      if ('error' in started) return { error: started.error };
      token = started.token;
    }
    const result = await baseQuery({ ...args, headers: { ...(args.headers as object), [sessionHeader]: token } });
    if (!result.error) return { data: result.data as AnswerOf<R> };
    if (result.error.status !== 401 || attempt > 0) return { error: result.error };
    storage.remove('sessionToken');
    token = null;
  }
}
