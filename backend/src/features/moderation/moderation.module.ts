import { Module } from '@nestjs/common';
import { ModerationViewHandler } from './moderation-queues.queries.js';
import { ModerationController } from './moderation.controller.js';

@Module({ controllers: [ModerationController], providers: [ModerationViewHandler] })
export class ModerationModule {}
