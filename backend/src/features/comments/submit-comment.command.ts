import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CommentSubmission, CommentSubmitted201 } from '@secretchatbox/contracts';
import type { CommandOrigin } from '../../common/event-sourcing/command-origin.js';
import { CommandIds } from '../../common/event-sourcing/command-ids.js';
import { EventSourcedCommands } from '../../common/event-sourcing/event-sourced-commands.js';
import { answerOf, type WriteAnswer } from '../../common/event-sourcing/write-answers.js';
import { submitComment } from './comment.decider.js';

export class SubmitCommentCommand extends Command<WriteAnswer<CommentSubmitted201, { id: string }>> {
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

  async execute({
    sessionId,
    confessionId,
    submission,
    origin,
  }: SubmitCommentCommand): Promise<WriteAnswer<CommentSubmitted201, { id: string }>> {
    const commentId = this.ids.newId(origin, 'comment');
    const written = await this.commands.run(
      submitComment,
      { commentId, confessionId, content: submission.content, nickname: submission.nickname ?? null },
      {
        context: { actor: { kind: 'visitor', sessionId } },
        answer: (): CommentSubmitted201 => ({ id: commentId, status: 'pending' }),
        origin,
      },
    );
    return answerOf(written, { id: commentId });
  }
}
