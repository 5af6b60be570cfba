import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { IdempotencyScope } from '../../common/http/idempotency.js';
import { EventSourcedCommands } from '../../common/event-sourcing/event-sourced-commands.js';
import { adminContext, type AdminIdentity } from '../../identity/identity.js';
import { adminAccountDecider } from './admin-account.decider.js';

export class LogoutCommand extends Command<void> {
  constructor(
    readonly admin: AdminIdentity,
    readonly idempotency: IdempotencyScope,
  ) {
    super();
  }
}

@CommandHandler(LogoutCommand)
export class LogoutHandler implements ICommandHandler<LogoutCommand> {
  constructor(private readonly commands: EventSourcedCommands) {}

  async execute({ admin: { user, sessionHash }, idempotency }: LogoutCommand): Promise<void> {
    await this.commands.run(
      adminAccountDecider,
      { type: 'SignOut', adminId: user.id, sessionHash },
      { context: adminContext(user), idempotency },
    );
  }
}
