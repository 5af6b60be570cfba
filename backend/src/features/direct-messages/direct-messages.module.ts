import { Module } from '@nestjs/common';
import { DirectMessagesController } from './direct-messages.controller.js';

/** The moderation side of direct messages; visitors' sending and reading arrive with the chat. */
@Module({ controllers: [DirectMessagesController] })
export class DirectMessagesModule {}
