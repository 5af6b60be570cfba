import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type ChatRoom, messages } from '@secretchatbox/contracts';
import type { Database } from '@secretchatbox/database';
import { findChatRoom } from '@secretchatbox/projections';
import { notFound } from '../../common/errors.js';
import { EventSourcedCommands } from '../../common/event-sourcing/event-sourced-commands.js';
import { answerOf, type WriteAnswer } from '../../common/event-sourcing/write-answers.js';
import { adminContext, type AdminIdentity } from '../../identity/identity.js';
import { DATABASE } from '../../infrastructure/tokens.js';
import { collegeDecider } from './college.decider.js';
import type { CommandOrigin } from '../../common/event-sourcing/command-origin.js';
import { CommandIds } from '../../common/event-sourcing/command-ids.js';

export type RoomChange =
  | { type: 'OpenRoom'; collegeCode: string; name: string }
  | { type: 'RenameRoom'; roomId: string; name: string }
  | { type: 'ArchiveRoom'; roomId: string };

export class ManageRoomCommand extends Command<WriteAnswer<ChatRoom, { id: string }>> {
  constructor(
    readonly admin: AdminIdentity,
    readonly change: RoomChange,
    readonly origin: CommandOrigin,
  ) {
    super();
  }
}

/** Rooms are decided on their college's stream, which holds every room's name. */
@CommandHandler(ManageRoomCommand)
export class ManageRoomHandler implements ICommandHandler<ManageRoomCommand> {
  constructor(
    private readonly commands: EventSourcedCommands,
    @Inject(DATABASE) private readonly db: Database,
    private readonly ids: CommandIds,
  ) {}

  async execute({
    admin: { user },
    change,
    origin,
  }: ManageRoomCommand): Promise<WriteAnswer<ChatRoom, { id: string }>> {
    const { collegeCode, roomId, name } = await this.locate(change, origin);
    const room: ChatRoom = { id: roomId, name: change.type === 'ArchiveRoom' ? name : change.name, collegeCode };
    const written = await this.commands.run(
      collegeDecider,
      { ...change, collegeCode, roomId, manager: user },
      { context: adminContext(user, collegeCode), answer: () => room, origin },
    );
    return answerOf(written, { id: roomId });
  }

  private async locate(change: RoomChange, origin: CommandOrigin) {
    if (change.type === 'OpenRoom')
      return { collegeCode: change.collegeCode, roomId: this.ids.newId(origin, 'room'), name: change.name };
    const room = await findChatRoom(this.db, change.roomId);
    if (!room) throw notFound(messages.roomNotFound);
    return { collegeCode: room.collegeCode, roomId: room.id, name: room.name };
  }
}
