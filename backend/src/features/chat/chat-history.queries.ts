import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import {
  type AuthUser,
  type ChatHistoryQuery,
  type ChatMessagePage,
  messages,
  type ModeratedChatMessagePage,
  type ModeratedChatQuery,
} from '@secretchatbox/contracts';
import type { Database } from '@secretchatbox/database';
import { findChatRoom, readChatHistory, readModeratedChatMessages } from '@secretchatbox/projections';
import { notFound } from '../../common/errors.js';
import { ModerationPseudonyms } from '../../identity/moderation-pseudonyms.js';
import { assertInScope } from '../../identity/scope.js';
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

/** A page of a room's messages for a moderator of its college, newest first. */
export class ModeratedChatMessagesQuery extends Query<ModeratedChatMessagePage> {
  constructor(
    readonly user: AuthUser,
    readonly query: ModeratedChatQuery,
  ) {
    super();
  }
}

@QueryHandler(ModeratedChatMessagesQuery)
export class ModeratedChatMessagesHandler implements IQueryHandler<ModeratedChatMessagesQuery> {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly pseudonyms: ModerationPseudonyms,
  ) {}

  async execute({
    user,
    query: { roomId, cursor, limit },
  }: ModeratedChatMessagesQuery): Promise<ModeratedChatMessagePage> {
    const before = decodeLogCursor(cursor);
    const room = await findChatRoom(this.db, roomId);
    if (!room) throw notFound(messages.roomNotFound);
    assertInScope(user, room.collegeCode);
    const { items, older } = await readModeratedChatMessages(this.db, roomId, before, limit, this.pseudonyms.of);
    return { items, nextCursor: encodeLogCursor(older) };
  }
}
