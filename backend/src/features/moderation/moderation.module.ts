import { Module } from '@nestjs/common';
import { RealtimeModule } from '../../realtime/realtime.module.js';
import { ModerateItemHandler } from '../../common/domain/moderate-item.command.js';
import { ModerationViewHandler } from './moderation-view.query.js';
import { ModerationController } from './moderation.controller.js';

@Module({
  imports: [RealtimeModule],
  controllers: [ModerationController],
  providers: [ModerationViewHandler, ModerateItemHandler],
})
export class ModerationModule {}
