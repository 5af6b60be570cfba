import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ChatMessageRemoval } from '@secretchatbox/contracts';
import type { CommandOrigin } from '../../common/event-sourcing/command-origin.js';
import { SavedNotYetVisible, type WriteAnswer } from '../../common/event-sourcing/write-answers.js';
import type { AdminIdentity } from '../../identity/identity.js';
import { type Moderation, ModerateItemCommand } from '../../common/domain/moderate-item.command.js';
import { SocketBroadcasts } from '../../realtime/socket-broadcasts.js';
import { type ChatMessageState, type RemoveChatMessage, removeChatMessage } from './remove-chat-message.decider.js';

export class RemoveChatMessageCommand extends Command<WriteAnswer<ChatMessageRemoval>> {
  constructor(
    readonly admin: AdminIdentity,
    readonly removal: RemoveChatMessage,
    readonly origin: CommandOrigin,
  ) {
    super();
  }
}

const chatMessageRemoval: Moderation<RemoveChatMessage, ChatMessageState, ChatMessageRemoval> = {
  decider: removeChatMessage,
  answer: ({ messageId }, { roomId }) => ({ id: messageId, roomId: roomId!, status: 'removed' }),
};

/**
 * A moderator's removal, as every decision is taken, then told to the room's open clients once
 * stored, also when the history does not show it yet: they only drop the message they show.
 */
@CommandHandler(RemoveChatMessageCommand)
export class RemoveChatMessageHandler implements ICommandHandler<RemoveChatMessageCommand> {
  constructor(
    private readonly commands: CommandBus,
    private readonly broadcasts: SocketBroadcasts,
  ) {}

  async execute({ admin, removal, origin }: RemoveChatMessageCommand): Promise<WriteAnswer<ChatMessageRemoval>> {
    const answer = await this.commands.execute(new ModerateItemCommand(admin, chatMessageRemoval, removal, origin));
    const { id, roomId } = answer instanceof SavedNotYetVisible ? answer.known : answer;
    this.broadcasts.messageRemoved({ id, roomId });
    return answer;
  }
}
