import { Controller, Param } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type DirectMessageDecisionInput, endpoints, messages, type ModerationResult } from '@secretchatbox/contracts';
import { uuidOr404 } from '../../common/ids.js';
import { Idempotency, type IdempotencyScope } from '../../common/http/idempotency.js';
import { Route, ValidBody } from '../../common/http/route.js';
import { type AdminIdentity, CurrentAdmin } from '../../identity/identity.js';
import { ModerateItemCommand } from '../moderation/moderate-item.command.js';
import { moderateDirectMessage } from './direct-message.decider.js';

@Controller()
export class DirectMessagesController {
  constructor(private readonly commands: CommandBus) {}

  @Route(endpoints.decideDirectMessage)
  decide(
    @CurrentAdmin() admin: AdminIdentity,
    @Param('id') id: string,
    @ValidBody() body: DirectMessageDecisionInput,
    @Idempotency() idempotency: IdempotencyScope,
  ): Promise<ModerationResult> {
    const messageId = uuidOr404(id, messages.directMessageNotFound);
    const decision = { messageId, status: body.status, adminNote: body.adminNote || null, moderator: admin.user };
    return this.commands.execute(new ModerateItemCommand(admin, moderateDirectMessage, decision, idempotency));
  }
}
