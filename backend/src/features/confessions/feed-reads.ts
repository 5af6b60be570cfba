import type { QueryBus } from '@nestjs/cqrs';
import { endpoints, sessionHeader } from '@secretchatbox/contracts';
import type { NextFunction, Request, Response } from 'express';
import type { VisitorSessions } from '../../identity/visitor-sessions.js';
import { ListConfessionsQuery } from './confessions.queries.js';

const feed = endpoints.listConfessions;

/**
 * The feed, the read every visitor makes most, answered ahead of the framework's per-request
 * pipeline (router, guards, interceptors, pipes) by the same query handler, from the shared page
 * and the visitor's likes. Whatever this path does not vouch for (a query the contract refuses,
 * a token of no session, an error) goes on to the route, which answers it as it always does.
 */
export function feedReads(queries: QueryBus, visitors: VisitorSessions) {
  return async (request: Request, response: Response, next: NextFunction) => {
    if (request.method !== feed.method || request.path !== feed.path) return next();
    const query = feed.query.safeParse(request.query);
    if (!query.success) return next();
    const token = request.header(sessionHeader);
    try {
      const viewer = token === undefined ? null : await visitors.resolve(token);
      if (token !== undefined && viewer === null) return next();
      const page = await queries.execute(new ListConfessionsQuery(query.data, viewer));
      // Written directly: the framework's send would also hash the page for an ETag on every read.
      response.setHeader('Content-Type', 'application/json; charset=utf-8');
      response.end(JSON.stringify(page));
    } catch {
      next();
    }
  };
}
