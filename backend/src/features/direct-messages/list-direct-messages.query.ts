import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { type DirectMessage, limits } from '@secretchatbox/contracts';
import type { Database } from '@secretchatbox/database';
import { listVisitorDirectMessages } from '@secretchatbox/projections';
import { DATABASE } from '../../infrastructure/tokens.js';

export class ListDirectMessagesQuery extends Query<DirectMessage[]> {
  constructor(readonly sessionId: string) {
    super();
  }
}

@QueryHandler(ListDirectMessagesQuery)
export class ListDirectMessagesHandler implements IQueryHandler<ListDirectMessagesQuery> {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  execute({ sessionId }: ListDirectMessagesQuery): Promise<DirectMessage[]> {
    return listVisitorDirectMessages(this.db, sessionId, limits.directMessageList);
  }
}
