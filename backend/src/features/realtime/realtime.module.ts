import { Module } from '@nestjs/common';
import { FeedGateway } from './feed.gateway.js';
import { RealtimeGateway } from './realtime.gateway.js';
import { SocketBroadcasts } from './socket-broadcasts.js';

@Module({
  providers: [RealtimeGateway, FeedGateway, SocketBroadcasts],
  exports: [SocketBroadcasts],
})
export class RealtimeModule {}
