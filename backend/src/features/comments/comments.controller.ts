import { Controller, Inject, Param } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  type CommentItem,
  type CommentSubmission,
  type CommentSubmitted201,
  endpoints,
  messages,
  type ModerationNote,
  type ModerationResult,
} from '@secretchatbox/contracts';
import type { Database } from '@secretchatbox/database';
import { findCommentConfessionId, listApprovedComments } from '@secretchatbox/projections';
import { notFound } from '../../common/errors.js';
import { uuidOr404 } from '../../common/ids.js';
import type { CommandOrigin } from '../../common/event-sourcing/command-origin.js';
import type { WriteAnswer } from '../../common/event-sourcing/write-answers.js';
import { Origin } from '../../common/http/idempotency.js';
import { Route, ValidBody } from '../../common/http/route.js';
import { type AdminIdentity, CurrentAdmin, CurrentVisitor, type VisitorIdentity } from '../../identity/identity.js';
import { DATABASE } from '../../infrastructure/tokens.js';
import { ModerateItemCommand } from '../../common/domain/moderate-item.command.js';
import { commentModeration } from './comment-moderation.js';
import { SubmitCommentCommand } from './submit-comment.command.js';

@Controller()
export class CommentsController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(DATABASE) private readonly db: Database,
  ) {}

  @Route(endpoints.submitComment)
  submit(
    @CurrentVisitor() visitor: VisitorIdentity,
    @Param('id') id: string,
    @ValidBody() body: CommentSubmission,
    @Origin() origin: CommandOrigin,
  ): Promise<WriteAnswer<CommentSubmitted201, { id: string }>> {
    return this.commands.execute(
      new SubmitCommentCommand(visitor.sessionId, uuidOr404(id, messages.confessionNotFound), body, origin),
    );
  }

  @Route(endpoints.listComments)
  async list(@Param('id') id: string): Promise<CommentItem[]> {
    const comments = await listApprovedComments(this.db, uuidOr404(id, messages.confessionNotFound));
    if (!comments) throw notFound(messages.confessionNotFound);
    return comments;
  }

  @Route(endpoints.approveComment)
  async approve(
    @CurrentAdmin() admin: AdminIdentity,
    @Param('id') id: string,
    @ValidBody() _body: Record<string, never>,
    @Origin() origin: CommandOrigin,
  ): Promise<WriteAnswer<ModerationResult>> {
    const decision = { type: 'Approve', ...(await this.comment(id)), moderator: admin.user } as const;
    return this.commands.execute(new ModerateItemCommand(admin, commentModeration, decision, origin));
  }

  @Route(endpoints.rejectComment)
  async reject(
    @CurrentAdmin() admin: AdminIdentity,
    @Param('id') id: string,
    @ValidBody() body: ModerationNote,
    @Origin() origin: CommandOrigin,
  ): Promise<WriteAnswer<ModerationResult>> {
    const { reasonCode = null, note = null } = body;
    const decision = { type: 'Reject', ...(await this.comment(id)), reasonCode, note, moderator: admin.user } as const;
    return this.commands.execute(new ModerateItemCommand(admin, commentModeration, decision, origin));
  }

  /** A comment and its confession, whose stream holds the college: the read model links them. */
  private async comment(id: string): Promise<{ commentId: string; confessionId: string }> {
    const commentId = uuidOr404(id, messages.commentNotFound);
    const confessionId = await findCommentConfessionId(this.db, commentId);
    if (!confessionId) throw notFound(messages.commentNotFound);
    return { commentId, confessionId };
  }
}
