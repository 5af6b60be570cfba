import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandOrigin } from '../../common/event-sourcing/command-origin.js';
import { EventSourcedCommands } from '../../common/event-sourcing/event-sourced-commands.js';
import { adminContext, type AdminIdentity } from '../../identity/identity.js';
import { adminAccountDecider } from './admin-account.decider.js';

export class LogoutCommand extends Command<void> {
  constructor(
    readonly admin: AdminIdentity,
    readonly origin: CommandOrigin,
  ) {
    super();
  }
}

@CommandHandler(LogoutCommand)
export class LogoutHandler implements ICommandHandler<LogoutCommand> {
  constructor(private readonly commands: EventSourcedCommands) {}

  async execute({ admin: { user, sessionHash }, origin }: LogoutCommand): Promise<void> {
    await this.commands.run(
      adminAccountDecider,
      { type: 'SignOut', adminId: user.id, sessionHash },
      { context: adminContext(user), origin },
    );
  }
}
