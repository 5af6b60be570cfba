import { Module } from '@nestjs/common';
import { RateLimitingModule } from '../../rate-limiting/rate-limiting.module.js';
import { DirectMessagesController } from './direct-messages.controller.js';
import { ListDirectMessagesHandler } from './list-direct-messages.query.js';
import { SendDirectMessageHandler } from './send-direct-message.command.js';

/** Visitors send and read their direct messages; moderators of the sender's college decide on them. */
@Module({
  imports: [RateLimitingModule],
  controllers: [DirectMessagesController],
  providers: [SendDirectMessageHandler, ListDirectMessagesHandler],
})
export class DirectMessagesModule {}
