import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type CommentSubmission, type CommentSubmitted201, messages, type ModerationResult } from '@secretchatbox/contracts';
import type { Database } from '@secretchatbox/database';
import { findCommentConfessionId } from '@secretchatbox/projections';
import { notFound } from '../../common/errors.js';
import { DATABASE } from '../../infrastructure/tokens.js';
import { EventSourcedCommands } from '../../common/event-sourcing/event-sourced-commands.js';
import { adminContext, type AdminIdentity } from '../../identity/identity.js';
import { confessionView } from '../confessions/confession.decider.js';
import { commentView, decideComment, decideCommentModeration, type ModerateComment } from './comment.decider.js';

export class SubmitCommentCommand extends Command<CommentSubmitted201> {
  constructor(
    readonly sessionId: string,
    readonly confessionId: string,
    readonly submission: CommentSubmission,
  ) {
    super();
  }
}

@CommandHandler(SubmitCommentCommand)
export class SubmitCommentHandler implements ICommandHandler<SubmitCommentCommand> {
  constructor(private readonly commands: EventSourcedCommands) {}

  async execute({ sessionId, confessionId, submission }: SubmitCommentCommand): Promise<CommentSubmitted201> {
    const commentId = randomUUID();
    await this.commands.executeAcross(
      { confession: confessionView(confessionId), comment: commentView(commentId) },
      (states) => ({
        comment: decideComment(
          { commentId, confessionId, content: submission.content, nickname: submission.nickname ?? null },
          states,
        ),
      }),
      { actor: { kind: 'visitor', sessionId } },
    );
    return { id: commentId, status: 'pending' };
  }
}

export class ModerateCommentCommand extends Command<ModerationResult> {
  constructor(
    readonly admin: AdminIdentity,
    readonly decision: ModerateComment,
  ) {
    super();
  }
}

@CommandHandler(ModerateCommentCommand)
export class ModerateCommentHandler implements ICommandHandler<ModerateCommentCommand> {
  constructor(
    private readonly commands: EventSourcedCommands,
    @Inject(DATABASE) private readonly db: Database,
  ) {}

  async execute({ admin: { user }, decision }: ModerateCommentCommand): Promise<ModerationResult> {
    // The comment's stream names its confession, whose stream holds the college: the read model links them.
    const confessionId = await findCommentConfessionId(this.db, decision.commentId);
    if (!confessionId) throw notFound(messages.commentNotFound);
    await this.commands.executeAcross(
      { comment: commentView(decision.commentId), confession: confessionView(confessionId) },
      (states) => ({ comment: decideCommentModeration(decision, states, user) }),
      ({ confession }) => adminContext(user, confession.collegeCode),
    );
    return { id: decision.commentId, status: decision.type === 'Approve' ? 'approved' : 'rejected' };
  }
}
