import { Controller, Param } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  type DirectMessage,
  type DirectMessageDecisionInput,
  type DirectMessageInput,
  type DirectMessageSent201,
  endpoints,
  messages,
  type ModerationResult,
} from '@secretchatbox/contracts';
import { uuidOr404 } from '../../common/ids.js';
import type { CommandOrigin } from '../../common/event-sourcing/command-origin.js';
import type { WriteAnswer } from '../../common/event-sourcing/write-answers.js';
import { Origin } from '../../common/http/idempotency.js';
import { Route, ValidBody } from '../../common/http/route.js';
import { type AdminIdentity, CurrentAdmin, CurrentVisitor, type VisitorIdentity } from '../../identity/identity.js';
import { ModerateItemCommand } from '../../common/domain/moderate-item.command.js';
import { directMessageModeration } from './direct-message-moderation.js';
import { ListDirectMessagesQuery } from './list-direct-messages.query.js';
import { SendDirectMessageCommand } from './send-direct-message.command.js';

@Controller()
export class DirectMessagesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Route(endpoints.sendDirectMessage)
  send(
    @CurrentVisitor() visitor: VisitorIdentity,
    @ValidBody() body: DirectMessageInput,
    @Origin() origin: CommandOrigin,
  ): Promise<WriteAnswer<DirectMessageSent201>> {
    return this.commands.execute(new SendDirectMessageCommand(visitor, body, origin));
  }

  @Route(endpoints.listDirectMessages)
  list(@CurrentVisitor() visitor: VisitorIdentity): Promise<DirectMessage[]> {
    return this.queries.execute(new ListDirectMessagesQuery(visitor.sessionId));
  }

  @Route(endpoints.decideDirectMessage)
  decide(
    @CurrentAdmin() admin: AdminIdentity,
    @Param('id') id: string,
    @ValidBody() body: DirectMessageDecisionInput,
    @Origin() origin: CommandOrigin,
  ): Promise<WriteAnswer<ModerationResult>> {
    const messageId = uuidOr404(id, messages.directMessageNotFound);
    const decision = { messageId, status: body.status, adminNote: body.adminNote || null, moderator: admin.user };
    return this.commands.execute(new ModerateItemCommand(admin, directMessageModeration, decision, origin));
  }
}
