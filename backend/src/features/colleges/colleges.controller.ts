import { Controller, Param } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  type ChatRoom,
  type College,
  type CreateRoomInput,
  endpoints,
  messages,
  type RenameRoomInput,
} from '@secretchatbox/contracts';
import { uuidOr404 } from '../../common/ids.js';
import type { CommandOrigin } from '../../common/event-sourcing/command-origin.js';
import type { WriteAnswer } from '../../common/event-sourcing/write-answers.js';
import { Origin } from '../../common/http/idempotency.js';
import { Route, ValidBody, ValidQuery } from '../../common/http/route.js';
import { type AdminIdentity, CurrentAdmin } from '../../identity/identity.js';
import { ListChatRoomsQuery } from './list-chat-rooms.query.js';
import { ListCollegesQuery } from './list-colleges.query.js';
import { ManageRoomCommand } from './manage-room.command.js';

const roomId = (id: string) => uuidOr404(id, messages.roomNotFound);

@Controller()
export class CollegesController {
  constructor(
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
  ) {}

  @Route(endpoints.listColleges)
  listColleges(): Promise<College[]> {
    return this.queries.execute(new ListCollegesQuery());
  }

  @Route(endpoints.listChatRooms)
  listChatRooms(@ValidQuery() query: { collegeCode?: string }): Promise<ChatRoom[]> {
    return this.queries.execute(new ListChatRoomsQuery(query.collegeCode));
  }

  @Route(endpoints.createChatRoom)
  createRoom(
    @CurrentAdmin() admin: AdminIdentity,
    @ValidBody() body: CreateRoomInput,
    @Origin() origin: CommandOrigin,
  ): Promise<WriteAnswer<ChatRoom, { id: string }>> {
    return this.commands.execute(new ManageRoomCommand(admin, { type: 'OpenRoom', ...body }, origin));
  }

  @Route(endpoints.renameChatRoom)
  renameRoom(
    @CurrentAdmin() admin: AdminIdentity,
    @Param('id') id: string,
    @ValidBody() body: RenameRoomInput,
    @Origin() origin: CommandOrigin,
  ): Promise<WriteAnswer<ChatRoom, { id: string }>> {
    return this.commands.execute(
      new ManageRoomCommand(admin, { type: 'RenameRoom', roomId: roomId(id), name: body.name }, origin),
    );
  }

  @Route(endpoints.archiveChatRoom)
  archiveRoom(
    @CurrentAdmin() admin: AdminIdentity,
    @Param('id') id: string,
    @ValidBody() _body: Record<string, never>,
    @Origin() origin: CommandOrigin,
  ): Promise<WriteAnswer<ChatRoom, { id: string }>> {
    return this.commands.execute(new ManageRoomCommand(admin, { type: 'ArchiveRoom', roomId: roomId(id) }, origin));
  }
}
