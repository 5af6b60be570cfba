import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { type ChatHistoryQuery, type ChatMessagePage, messages } from '@secretchatbox/contracts';
import type { Database } from '@secretchatbox/database';
import { findChatRoom, readChatHistory } from '@secretchatbox/projections';
import { notFound } from '../../common/errors.js';
import { GenerationCache, ReadModelChanges } from '../../infrastructure/read-model-changes.js';
import { DATABASE } from '../../infrastructure/tokens.js';
import { decodeLogCursor, encodeLogCursor } from '../../common/log-cursor.js';

/** A page of an open room's history, as everyone sees it. */
export class ChatHistoryPageQuery extends Query<ChatMessagePage> {
  constructor(
    readonly roomId: string,
    readonly query: ChatHistoryQuery,
  ) {
    super();
  }
}

@QueryHandler(ChatHistoryPageQuery)
export class ChatHistoryPageHandler implements IQueryHandler<ChatHistoryPageQuery> {
  /** Pages as read, for as long as no projection applies anything (a message, a removal, an archive). */
  private readonly pages: GenerationCache<ChatMessagePage>;

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    changes: ReadModelChanges,
  ) {
    this.pages = new GenerationCache(changes, { maxEntries: 1000, maxAgeMs: 1000 });
  }

  async execute({ roomId, query: { cursor, limit } }: ChatHistoryPageQuery): Promise<ChatMessagePage> {
    const before = decodeLogCursor(cursor);
    const key = `${roomId}|${cursor ?? ''}|${limit}`;
    const cached = this.pages.get(key);
    if (cached) return cached;
    const generation = this.pages.generation;
    if (!(await findChatRoom(this.db, roomId))) throw notFound(messages.roomNotFound);
    const { items, older } = await readChatHistory(this.db, roomId, before, limit);
    const page = { items, nextCursor: encodeLogCursor(older) };
    this.pages.set(key, page, generation);
    return page;
  }
}
