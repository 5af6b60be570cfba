import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedCommands } from '../../common/event-sourcing/event-sourced-commands.js';
import { adminContext, type AdminIdentity } from '../../identity/identity.js';
import { adminAccountDecider, adminAccountStream } from './admin-account.decider.js';

export class LogoutCommand extends Command<void> {
  constructor(readonly admin: AdminIdentity) {
    super();
  }
}

@CommandHandler(LogoutCommand)
export class LogoutHandler implements ICommandHandler<LogoutCommand> {
  constructor(private readonly commands: EventSourcedCommands) {}

  async execute({ admin: { user, sessionHash } }: LogoutCommand): Promise<void> {
    await this.commands.execute(
      adminAccountStream(user.id),
      adminAccountDecider,
      { type: 'SignOut', adminId: user.id, sessionHash },
      adminContext(user),
    );
  }
}
