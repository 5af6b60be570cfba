import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { ChatRoom, College } from '@secretchatbox/contracts';
import type { Database } from '@secretchatbox/database';
import { listChatRooms, listColleges } from '@secretchatbox/projections';
import { DATABASE } from '../../infrastructure/tokens.js';

export class ListCollegesQuery extends Query<College[]> {}

export class ListChatRoomsQuery extends Query<ChatRoom[]> {
  constructor(readonly collegeCode?: string) {
    super();
  }
}

@QueryHandler(ListCollegesQuery)
export class ListCollegesHandler implements IQueryHandler<ListCollegesQuery> {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  execute(): Promise<College[]> {
    return listColleges(this.db);
  }
}

@QueryHandler(ListChatRoomsQuery)
export class ListChatRoomsHandler implements IQueryHandler<ListChatRoomsQuery> {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  execute({ collegeCode }: ListChatRoomsQuery): Promise<ChatRoom[]> {
    return listChatRooms(this.db, collegeCode);
  }
}
