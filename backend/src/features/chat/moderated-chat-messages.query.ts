import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import {
  type AuthUser,
  messages,
  type ModeratedChatMessagePage,
  type ModeratedChatQuery,
} from '@secretchatbox/contracts';
import type { Database } from '@secretchatbox/database';
import { findChatRoom, readModeratedChatMessages } from '@secretchatbox/projections';
import { notFound } from '../../common/errors.js';
import { ModerationPseudonyms } from '../../identity/moderation-pseudonyms.js';
import { assertInScope } from '../../identity/scope.js';
import { DATABASE } from '../../infrastructure/tokens.js';
import { decodeLogCursor, encodeLogCursor } from '../../common/log-cursor.js';

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
    const { items, older } = await readModeratedChatMessages(this.db, roomId, before, limit, this.pseudonyms.ofChat);
    return { items, nextCursor: encodeLogCursor(older) };
  }
}
