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
import { listApprovedComments } from '@secretchatbox/projections';
import { notFound } from '../../common/errors.js';
import { uuidOr404 } from '../../common/ids.js';
import { Route, ValidBody } from '../../common/http/route.js';
import { type AdminIdentity, CurrentAdmin, CurrentVisitor, type VisitorIdentity } from '../../identity/identity.js';
import { DATABASE } from '../../infrastructure/tokens.js';
import { ModerateCommentCommand, SubmitCommentCommand } from './comments.commands.js';

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
  ): Promise<CommentSubmitted201> {
    return this.commands.execute(
      new SubmitCommentCommand(visitor.sessionId, uuidOr404(id, messages.confessionNotFound), body),
    );
  }

  @Route(endpoints.listComments)
  async list(@Param('id') id: string): Promise<CommentItem[]> {
    const comments = await listApprovedComments(this.db, uuidOr404(id, messages.confessionNotFound));
    if (!comments) throw notFound(messages.confessionNotFound);
    return comments;
  }

  @Route(endpoints.approveComment)
  approve(
    @CurrentAdmin() admin: AdminIdentity,
    @Param('id') id: string,
    @ValidBody() _body: Record<string, never>,
  ): Promise<ModerationResult> {
    return this.commands.execute(
      new ModerateCommentCommand(admin, { type: 'Approve', commentId: uuidOr404(id, messages.commentNotFound) }),
    );
  }

  @Route(endpoints.rejectComment)
  reject(
    @CurrentAdmin() admin: AdminIdentity,
    @Param('id') id: string,
    @ValidBody() body: ModerationNote,
  ): Promise<ModerationResult> {
    return this.commands.execute(
      new ModerateCommentCommand(admin, {
        type: 'Reject',
        commentId: uuidOr404(id, messages.commentNotFound),
        reasonCode: body.reasonCode ?? null,
        note: body.note ?? null,
      }),
    );
  }
}
