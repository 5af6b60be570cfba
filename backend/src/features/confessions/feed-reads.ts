import type { QueryBus } from '@nestjs/cqrs';
import { type ConfessionPage, endpoints, sessionHeader } from '@secretchatbox/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { jsonAnswer, readAddress, replayAnswer, type StoredAnswer } from '../../common/http/stored-answers.js';
import type { VisitorSessions } from '../../identity/visitor-sessions.js';
import { GenerationCache, type ReadModelChanges } from '../../infrastructure/read-model-changes.js';
import { ListConfessionsQuery } from './list-confessions.query.js';

const feed = endpoints.listConfessions;

/**
 * The feed, the read every visitor makes most, answered ahead of the framework's per-request
 * pipeline (guards, interceptors, pipes) by the same query handler, from the shared page and the
 * visitor's likes: an `onRequest` hook of the feed's route. Whatever this path does not vouch
 * for (a query the contract refuses, a token of no session, an error) goes on to the route,
 * which answers it as it always does.
 *
 * Answers are serialized and compressed once for each page the query handler builds (one per
 * set of liked items of a shared page, for one generation of the read models), and again only
 * for another encoding; an anonymous reader is answered without a query at all, by address.
 */
export function feedReads(queries: QueryBus, visitors: VisitorSessions, changes: ReadModelChanges) {
  const anonymous = new GenerationCache<StoredAnswer>(changes, { maxEntries: 1000, maxAgeMs: 1000 });
  const answers = new WeakMap<ConfessionPage, Map<string, StoredAnswer>>();
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    if (request.method !== feed.method || request.routeOptions.url !== feed.path) return;
    const token = request.headers[sessionHeader] as string | undefined;
    const encoding = request.headers['accept-encoding'] ?? '';
    const address = readAddress(request);
    try {
      // Kept only for an address whose query was read as valid: its answer needs no second reading.
      const known = token === undefined ? anonymous.get(address) : undefined;
      if (known) return replayAnswer(reply, known);
      const query = feed.query.safeParse(request.query);
      if (!query.success) return;
      const viewer = token === undefined ? null : await visitors.resolve(token);
      if (token !== undefined && viewer === null) return;
      const generation = anonymous.generation;
      const page = await queries.execute(new ListConfessionsQuery(query.data, viewer));
      let byEncoding = answers.get(page);
      if (!byEncoding) answers.set(page, (byEncoding = new Map()));
      let answer = byEncoding.get(encoding);
      if (answer) return replayAnswer(reply, answer);
      answer = jsonAnswer(request, reply, page);
      byEncoding.set(encoding, answer);
      if (viewer === null) anonymous.set(address, answer, generation);
      return reply.send(answer.body);
    } catch {
      // The route answers it, errors included, as it answers any request.
      return;
    }
  };
}
