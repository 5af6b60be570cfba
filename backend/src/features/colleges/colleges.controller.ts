import { Controller } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { type ChatRoom, type College, endpoints } from '@secretchatbox/contracts';
import { Route, ValidQuery } from '../../common/http/route.js';
import { ListChatRoomsQuery, ListCollegesQuery } from './colleges.queries.js';

@Controller()
export class CollegesController {
  constructor(private readonly queries: QueryBus) {}

  @Route(endpoints.listColleges)
  listColleges(): Promise<College[]> {
    return this.queries.execute(new ListCollegesQuery());
  }

  @Route(endpoints.listChatRooms)
  listChatRooms(@ValidQuery() query: { collegeCode?: string }): Promise<ChatRoom[]> {
    return this.queries.execute(new ListChatRoomsQuery(query.collegeCode));
  }
}
