import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ModerationResult } from '@secretchatbox/contracts';
import { EventSourcedCommands } from '../../common/event-sourcing/event-sourced-commands.js';
import { adminContext, type AdminIdentity } from '../../identity/identity.js';
import { confessionView, decideModeration, type ModerateConfession } from './confession.decider.js';

export class ModerateConfessionCommand extends Command<ModerationResult> {
  constructor(
    readonly admin: AdminIdentity,
    readonly decision: ModerateConfession,
  ) {
    super();
  }
}

@CommandHandler(ModerateConfessionCommand)
export class ModerateConfessionHandler implements ICommandHandler<ModerateConfessionCommand> {
  constructor(private readonly commands: EventSourcedCommands) {}

  async execute({ admin: { user }, decision }: ModerateConfessionCommand): Promise<ModerationResult> {
    const view = confessionView(decision.confessionId);
    await this.commands.executeAcross(
      { confession: view },
      ({ confession }) => ({ confession: decideModeration(decision, confession) }),
      adminContext(user),
    );
    return { id: decision.confessionId, status: decision.type === 'Approve' ? 'approved' : 'rejected' };
  }
}
