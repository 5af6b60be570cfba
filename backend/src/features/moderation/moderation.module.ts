import { Module } from '@nestjs/common';
import { ModerateItemHandler } from './moderate-item.command.js';
import { ModerationViewHandler } from './moderation-queues.queries.js';
import { ModerationController } from './moderation.controller.js';

@Module({ controllers: [ModerationController], providers: [ModerationViewHandler, ModerateItemHandler] })
export class ModerationModule {}
