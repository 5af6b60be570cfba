import { Module } from '@nestjs/common';
import { KnownColleges } from '../../common/known-colleges.js';
import { FeedGateway } from './feed.gateway.js';
import { RealtimeGateway } from './realtime.gateway.js';
import { SocketBroadcasts } from './socket-broadcasts.js';

@Module({
  providers: [RealtimeGateway, FeedGateway, SocketBroadcasts, KnownColleges],
  exports: [SocketBroadcasts],
})
export class RealtimeModule {}
