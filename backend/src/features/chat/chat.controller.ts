import { Controller, Param } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  type ChatHistoryQuery,
  type ChatMessage,
  type ChatMessageInput,
  type ChatMessagePage,
  type ChatMessageRemoval,
  endpoints,
  messages,
  type ModeratedChatMessagePage,
  type ModeratedChatQuery,
  type ModerationNote,
} from '@secretchatbox/contracts';
import { uuidOr404 } from '../../common/ids.js';
import type { CommandOrigin } from '../../common/event-sourcing/command-origin.js';
import type { WriteAnswer } from '../../common/event-sourcing/write-answers.js';
import { Origin } from '../../common/http/idempotency.js';
import { Route, ValidBody, ValidQuery } from '../../common/http/route.js';
import { type AdminIdentity, CurrentAdmin, CurrentVisitor, type VisitorIdentity } from '../../identity/identity.js';
import { ChatHistoryPageQuery } from './chat-history-page.query.js';
import { ModeratedChatMessagesQuery } from './moderated-chat-messages.query.js';
import { PostChatMessageCommand } from './post-chat-message.command.js';
import { RemoveChatMessageCommand } from './remove-chat-message.command.js';

const roomId = (id: string) => uuidOr404(id, messages.roomNotFound);

@Controller()
export class ChatController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Route(endpoints.listChatMessages)
  history(@Param('id') id: string, @ValidQuery() query: ChatHistoryQuery): Promise<ChatMessagePage> {
    return this.queries.execute(new ChatHistoryPageQuery(roomId(id), query));
  }

  @Route(endpoints.postChatMessage)
  post(
    @CurrentVisitor() visitor: VisitorIdentity | undefined,
    @CurrentAdmin() admin: AdminIdentity | undefined,
    @Param('id') id: string,
    @ValidBody() body: ChatMessageInput,
    @Origin() origin: CommandOrigin,
  ): Promise<WriteAnswer<ChatMessage>> {
    // The identity guard set one of the two for this endpoint.
    const author = visitor ? { visitor } : { admin: admin! };
    return this.commands.execute(new PostChatMessageCommand(author, roomId(id), body, origin));
  }

  @Route(endpoints.listModeratedChatMessages)
  moderated(
    @CurrentAdmin() admin: AdminIdentity,
    @ValidQuery() query: ModeratedChatQuery,
  ): Promise<ModeratedChatMessagePage> {
    return this.queries.execute(new ModeratedChatMessagesQuery(admin.user, { ...query, roomId: roomId(query.roomId) }));
  }

  @Route(endpoints.removeChatMessage)
  remove(
    @CurrentAdmin() admin: AdminIdentity,
    @Param('id') id: string,
    @ValidBody() body: ModerationNote,
    @Origin() origin: CommandOrigin,
  ): Promise<WriteAnswer<ChatMessageRemoval>> {
    const removal = {
      messageId: uuidOr404(id, messages.chatMessageNotFound),
      reasonCode: body.reasonCode ?? null,
      note: body.note || null,
      moderator: admin.user,
    };
    return this.commands.execute(new RemoveChatMessageCommand(admin, removal, origin));
  }
}
