import type { FetchArgs } from '@reduxjs/toolkit/query';
import { type AnswerOf, pathTo, type Route } from '@secretchatbox/contracts';

/** What a call adds to its route: the path's parameters, the query string, a JSON body, headers. */
export type CallParts = {
  path?: Record<string, string>;
  query?: Record<string, string | number | undefined>;
  body?: object;
  headers?: Record<string, string>;
};

/** The request that calls a route of the contracts: its method, and its path with the parameters filled in. */
export function call(route: Route, { path = {}, query, body, headers }: CallParts = {}): FetchArgs {
  return { url: pathTo(route.path, path), method: route.method, params: query, body, headers };
}

/**
 * An endpoint that calls one route: the request from the endpoint's argument, and the answer typed
 * as the route declares it, so an endpoint built with it restates neither path nor answer type.
 */
export function callTo<R extends Route, Arg = void>(route: R, parts?: (arg: Arg) => CallParts) {
  return {
    // NoInfer: the argument's type comes from `parts` (none: void), not from the endpoint being built around it.
    query: (arg: NoInfer<Arg>) => call(route, parts?.(arg)),
    // The one place a JSON answer takes its type: the server's answers are tested against the same declaration.
    transformResponse: (answer: unknown) => answer as AnswerOf<R>,
  };
}
