import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { LikeResult } from '@secretchatbox/contracts';
import type { CommandOrigin } from '../../common/event-sourcing/command-origin.js';
import { EventSourcedCommands } from '../../common/event-sourcing/event-sourced-commands.js';
import { SavedNotYetVisible, type WriteAnswer } from '../../common/event-sourcing/write-answers.js';
import { ConfessionReads } from './confession-reads.js';
import { likeConfession } from './like.decider.js';

export class LikeConfessionCommand extends Command<WriteAnswer<LikeResult, { id: string }>> {
  constructor(
    readonly sessionId: string,
    readonly confessionId: string,
    readonly origin: CommandOrigin,
  ) {
    super();
  }
}

@CommandHandler(LikeConfessionCommand)
export class LikeConfessionHandler implements ICommandHandler<LikeConfessionCommand> {
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly reads: ConfessionReads,
  ) {}

  async execute({
    sessionId,
    confessionId,
    origin,
  }: LikeConfessionCommand): Promise<WriteAnswer<LikeResult, { id: string }>> {
    let counted: number | null = null;
    const written = await this.commands.run(
      likeConfession,
      { confessionId, sessionId },
      {
        context: { actor: { kind: 'visitor', sessionId } },
        origin,
        // Counted here as soon as it is stored, a toggle answers without the read models.
        waitForReadModels: ({ liked }, position) => {
          counted = this.reads.likesAfterToggle(confessionId, position, liked);
          return counted === null;
        },
      },
    );
    if (!written.visible) return new SavedNotYetVisible({ id: confessionId }, written.position);
    // Else as of the like, now that the projections applied it: the count includes it.
    const likes = counted ?? (written.position ? await this.reads.likesAsOf(confessionId, written.position) : null);
    return { liked: written.answer.liked, likes: likes ?? 0 };
  }
}
