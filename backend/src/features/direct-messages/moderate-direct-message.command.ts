import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ModerationResult } from '@secretchatbox/contracts';
import { EventSourcedCommands } from '../../common/event-sourcing/event-sourced-commands.js';
import { adminContext, type AdminIdentity } from '../../identity/identity.js';
import { decideDirectMessage, directMessageView, type ModerateDirectMessage } from './direct-message.decider.js';

export class ModerateDirectMessageCommand extends Command<ModerationResult> {
  constructor(
    readonly admin: AdminIdentity,
    readonly decision: ModerateDirectMessage,
  ) {
    super();
  }
}

@CommandHandler(ModerateDirectMessageCommand)
export class ModerateDirectMessageHandler implements ICommandHandler<ModerateDirectMessageCommand> {
  constructor(private readonly commands: EventSourcedCommands) {}

  async execute({ admin: { user }, decision }: ModerateDirectMessageCommand): Promise<ModerationResult> {
    await this.commands.executeAcross(
      { message: directMessageView(decision.messageId) },
      ({ message }) => ({ message: decideDirectMessage(decision, message, user) }),
      ({ message }) => adminContext(user, message.collegeCode),
    );
    return { id: decision.messageId, status: decision.status };
  }
}
