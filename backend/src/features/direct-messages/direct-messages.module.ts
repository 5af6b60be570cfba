import { Module } from '@nestjs/common';
import { DirectMessagesController } from './direct-messages.controller.js';

/** The moderation side of direct messages; visitors' sending and reading come with their own feature. */
@Module({ controllers: [DirectMessagesController] })
export class DirectMessagesModule {}
