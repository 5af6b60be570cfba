import { Module } from '@nestjs/common';
import { DirectMessagesController } from './direct-messages.controller.js';
import { ModerateDirectMessageHandler } from './moderate-direct-message.command.js';

/** The moderation side of direct messages; visitors' sending and reading arrive with the chat. */
@Module({ controllers: [DirectMessagesController], providers: [ModerateDirectMessageHandler] })
export class DirectMessagesModule {}
