import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommentSubmission, CommentSubmitted201 } from '@secretchatbox/contracts';
import type { CommandOrigin } from '../../common/event-sourcing/command-origin.js';
import { CommandIds } from '../../common/event-sourcing/command-ids.js';
import { EventSourcedCommands } from '../../common/event-sourcing/event-sourced-commands.js';
import { submitComment } from './comment.decider.js';

export class SubmitCommentCommand extends Command<CommentSubmitted201> {
  constructor(
    readonly sessionId: string,
    readonly confessionId: string,
    readonly submission: CommentSubmission,
    readonly origin: CommandOrigin,
  ) {
    super();
  }
}

@CommandHandler(SubmitCommentCommand)
export class SubmitCommentHandler implements ICommandHandler<SubmitCommentCommand> {
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly ids: CommandIds,
  ) {}

  async execute({ sessionId, confessionId, submission, origin }: SubmitCommentCommand): Promise<CommentSubmitted201> {
    const commentId = this.ids.newId(origin, 'comment');
    await this.commands.run(
      submitComment,
      { commentId, confessionId, content: submission.content, nickname: submission.nickname ?? null },
      { context: { actor: { kind: 'visitor', sessionId } }, accepted: { id: commentId }, origin },
    );
    return { id: commentId, status: 'pending' };
  }
}
