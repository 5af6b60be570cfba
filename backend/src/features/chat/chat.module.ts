import { Module } from '@nestjs/common';
import { RealtimeModule } from '../../realtime/realtime.module.js';
import { ChatController } from './chat.controller.js';
import { ChatHistoryPageHandler } from './chat-history-page.query.js';
import { ModeratedChatMessagesHandler } from './moderated-chat-messages.query.js';
import { PostChatMessageHandler } from './post-chat-message.command.js';
import { RemoveChatMessageHandler } from './remove-chat-message.command.js';

/** Chat rooms' messages: posting within the allowance, the history, and moderators' removals. */
@Module({
  imports: [RealtimeModule],
  controllers: [ChatController],
  providers: [PostChatMessageHandler, RemoveChatMessageHandler, ChatHistoryPageHandler, ModeratedChatMessagesHandler],
})
export class ChatModule {}
