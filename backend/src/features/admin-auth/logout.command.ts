import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommandOrigin } from '../../common/event-sourcing/command-origin.js';
import { EventSourcedCommands } from '../../common/event-sourcing/event-sourced-commands.js';
import { answerOf, type WriteAnswer } from '../../common/event-sourcing/write-answers.js';
import { adminContext, type AdminIdentity } from '../../identity/identity.js';
import { adminAccountDecider } from './admin-account.decider.js';

export class LogoutCommand extends Command<WriteAnswer<{ ok: true }, Record<string, never>>> {
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

  async execute({
    admin: { user, sessionHash },
    origin,
  }: LogoutCommand): Promise<WriteAnswer<{ ok: true }, Record<string, never>>> {
    const written = await this.commands.run(
      adminAccountDecider,
      { type: 'SignOut', adminId: user.id, sessionHash },
      { context: adminContext(user), answer: () => ({ ok: true as const }), origin },
    );
    return answerOf(written, {});
  }
}
