import { Module } from '@nestjs/common';
import { RealtimeModule } from '../realtime/realtime.module.js';
import { ModerateItemHandler } from './moderate-item.command.js';
import { ModerationViewHandler } from './moderation-queues.queries.js';
import { ModerationController } from './moderation.controller.js';

@Module({
  imports: [RealtimeModule],
  controllers: [ModerationController],
  providers: [ModerationViewHandler, ModerateItemHandler],
})
export class ModerationModule {}
