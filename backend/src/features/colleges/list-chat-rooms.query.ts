import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { ChatRoom } from '@secretchatbox/contracts';
import type { Database } from '@secretchatbox/database';
import { listChatRooms } from '@secretchatbox/projections';
import { DATABASE } from '../../infrastructure/tokens.js';

export class ListChatRoomsQuery extends Query<ChatRoom[]> {
  constructor(readonly collegeCode?: string) {
    super();
  }
}

@QueryHandler(ListChatRoomsQuery)
export class ListChatRoomsHandler implements IQueryHandler<ListChatRoomsQuery> {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  execute({ collegeCode }: ListChatRoomsQuery): Promise<ChatRoom[]> {
    return listChatRooms(this.db, collegeCode);
  }
}
