import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ChatMessageRemoval } from '@secretchatbox/contracts';
import { NotYetVisible } from '../../common/errors.js';
import type { IdempotencyScope } from '../../common/http/idempotency.js';
import type { AdminIdentity } from '../../identity/identity.js';
import { ModerateItemCommand } from '../moderation/moderate-item.command.js';
import { RoomBroadcasts } from '../realtime/room-broadcasts.js';
import { type RemoveChatMessage, removeChatMessage } from './remove-chat-message.decider.js';

export class RemoveChatMessageCommand extends Command<ChatMessageRemoval> {
  constructor(
    readonly admin: AdminIdentity,
    readonly removal: RemoveChatMessage,
    readonly idempotency: IdempotencyScope,
  ) {
    super();
  }
}

/** A moderator's removal, as every decision is taken, then told to the room's open clients. */
@CommandHandler(RemoveChatMessageCommand)
export class RemoveChatMessageHandler implements ICommandHandler<RemoveChatMessageCommand> {
  constructor(
    private readonly commands: CommandBus,
    private readonly broadcasts: RoomBroadcasts,
  ) {}

  async execute({ admin, removal, idempotency }: RemoveChatMessageCommand): Promise<ChatMessageRemoval> {
    try {
      const removed = await this.commands.execute(
        new ModerateItemCommand(admin, removeChatMessage, removal, idempotency),
      );
      this.broadcasts.messageRemoved({ id: removed.id, roomId: removed.roomId });
      return removed;
    } catch (error) {
      if (error instanceof NotYetVisible) {
        const { id, roomId } = error.known as ChatMessageRemoval;
        this.broadcasts.messageRemoved({ id, roomId });
      }
      throw error;
    }
  }
}
