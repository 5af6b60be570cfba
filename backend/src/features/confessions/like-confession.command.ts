import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { LikeResult } from '@secretchatbox/contracts';
import type { Database } from '@secretchatbox/database';
import { findApprovedConfession } from '@secretchatbox/projections';
import { EventSourcedCommands } from '../../common/event-sourcing/event-sourced-commands.js';
import { DATABASE } from '../../infrastructure/tokens.js';
import { confessionView, decideLike, likeView } from './confession.decider.js';

export class LikeConfessionCommand extends Command<LikeResult> {
  constructor(
    readonly sessionId: string,
    readonly confessionId: string,
  ) {
    super();
  }
}

@CommandHandler(LikeConfessionCommand)
export class LikeConfessionHandler implements ICommandHandler<LikeConfessionCommand> {
  constructor(
    private readonly commands: EventSourcedCommands,
    @Inject(DATABASE) private readonly db: Database,
  ) {}

  async execute({ sessionId, confessionId }: LikeConfessionCommand): Promise<LikeResult> {
    await this.commands.executeAcross(
      { confession: confessionView(confessionId), like: likeView(confessionId, sessionId) },
      (states) => ({ like: decideLike({ confessionId, sessionId }, states) }),
      { actor: { kind: 'visitor', sessionId } },
    );
    // Read back after the projections applied the like: the count includes it.
    const confession = await findApprovedConfession(this.db, confessionId, sessionId);
    return { liked: confession?.liked ?? false, likes: confession?.likes ?? 0 };
  }
}
