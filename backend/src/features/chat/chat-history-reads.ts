import type { QueryBus } from '@nestjs/cqrs';
import { endpoints } from '@secretchatbox/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isUuid } from '../../common/ids.js';
import { jsonAnswer, readAddress, replayAnswer, type StoredAnswer } from '../../common/http/stored-answers.js';
import { GenerationCache, type ReadModelChanges } from '../../infrastructure/read-model-changes.js';
import { ChatHistoryPageQuery } from './chat-history-page.query.js';

const history = endpoints.listChatMessages;

/**
 * A room's history, which everyone reads alike, answered ahead of the framework's per-request
 * pipeline by the same query handler, as the feed is (feed-reads.ts): an `onRequest` hook of the
 * history's route. Each answer is serialized and compressed once for its address, for one
 * generation of the read models. Whatever this path does not vouch for (a room id or a query the
 * route refuses, an error) goes on to the route, which answers it as it always does.
 */
export function chatHistoryReads(queries: QueryBus, changes: ReadModelChanges) {
  const answers = new GenerationCache<StoredAnswer>(changes, { maxEntries: 1000, maxAgeMs: 1000 });
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    if (request.method !== history.method || request.routeOptions.url !== history.path) return;
    const address = readAddress(request);
    try {
      const known = answers.get(address);
      if (known) return replayAnswer(reply, known);
      const { id } = request.params as { id: string };
      const query = history.query.safeParse(request.query);
      if (!isUuid(id) || !query.success) return;
      const generation = answers.generation;
      const page = await queries.execute(new ChatHistoryPageQuery(id.toLowerCase(), query.data));
      const answer = jsonAnswer(request, reply, page);
      answers.set(address, answer, generation);
      return reply.send(answer.body);
    } catch {
      // The route answers it, errors included, as it answers any request.
      return;
    }
  };
}
