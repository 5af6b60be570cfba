import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ChatMessageRemoval } from '@secretchatbox/contracts';
import type { CommandOrigin } from '../../common/event-sourcing/command-origin.js';
import type { AdminIdentity } from '../../identity/identity.js';
import { ModerateItemCommand } from '../moderation/moderate-item.command.js';
import { SocketBroadcasts } from '../realtime/socket-broadcasts.js';
import { pushedOnceStored } from './pushed-once-stored.js';
import { type RemoveChatMessage, removeChatMessage } from './remove-chat-message.decider.js';

export class RemoveChatMessageCommand extends Command<ChatMessageRemoval> {
  constructor(
    readonly admin: AdminIdentity,
    readonly removal: RemoveChatMessage,
    readonly origin: CommandOrigin,
  ) {
    super();
  }
}

/** A moderator's removal, as every decision is taken, then told to the room's open clients. */
@CommandHandler(RemoveChatMessageCommand)
export class RemoveChatMessageHandler implements ICommandHandler<RemoveChatMessageCommand> {
  constructor(
    private readonly commands: CommandBus,
    private readonly broadcasts: SocketBroadcasts,
  ) {}

  execute({ admin, removal, origin }: RemoveChatMessageCommand): Promise<ChatMessageRemoval> {
    return pushedOnceStored<ChatMessageRemoval>(
      this.commands.execute(new ModerateItemCommand(admin, removeChatMessage, removal, origin)),
      ({ id, roomId }) => this.broadcasts.messageRemoved({ id, roomId }),
    );
  }
}
