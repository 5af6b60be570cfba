import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommentSubmission, CommentSubmitted201 } from '@secretchatbox/contracts';
import type { IdempotencyScope } from '../../common/http/idempotency.js';
import { CommandIds } from '../../common/event-sourcing/command-ids.js';
import { EventSourcedCommands } from '../../common/event-sourcing/event-sourced-commands.js';
import { submitComment } from './comment.decider.js';

export class SubmitCommentCommand extends Command<CommentSubmitted201> {
  constructor(
    readonly sessionId: string,
    readonly confessionId: string,
    readonly submission: CommentSubmission,
    readonly idempotency: IdempotencyScope,
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

  async execute({
    sessionId,
    confessionId,
    submission,
    idempotency,
  }: SubmitCommentCommand): Promise<CommentSubmitted201> {
    const commentId = this.ids.newId(idempotency, 'comment');
    await this.commands.run(
      submitComment,
      { commentId, confessionId, content: submission.content, nickname: submission.nickname ?? null },
      { context: { actor: { kind: 'visitor', sessionId } }, accepted: { id: commentId }, idempotency },
    );
    return { id: commentId, status: 'pending' };
  }
}
