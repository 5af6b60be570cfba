import { Controller, Param } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  type DirectMessageDecisionInput,
  endpoints,
  messages,
  type ModerationResult,
} from '@secretchatbox/contracts';
import { uuidOr404 } from '../../common/ids.js';
import { Route, ValidBody } from '../../common/http/route.js';
import { type AdminIdentity, CurrentAdmin } from '../../identity/identity.js';
import { ModerateDirectMessageCommand } from './moderate-direct-message.command.js';

@Controller()
export class DirectMessagesController {
  constructor(private readonly commands: CommandBus) {}

  @Route(endpoints.decideDirectMessage)
  decide(
    @CurrentAdmin() admin: AdminIdentity,
    @Param('id') id: string,
    @ValidBody() body: DirectMessageDecisionInput,
  ): Promise<ModerationResult> {
    const messageId = uuidOr404(id, messages.directMessageNotFound);
    return this.commands.execute(
      new ModerateDirectMessageCommand(admin, { messageId, status: body.status, adminNote: body.adminNote || null }),
    );
  }
}
