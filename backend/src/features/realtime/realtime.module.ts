import { Module } from '@nestjs/common';
import { KnownColleges } from '../../common/known-colleges.js';
import { FeedBroadcasts } from './feed-broadcasts.js';
import { FeedGateway } from './feed.gateway.js';
import { RealtimeGateway } from './realtime.gateway.js';
import { RoomBroadcasts } from './room-broadcasts.js';

@Module({
  providers: [RealtimeGateway, RoomBroadcasts, FeedGateway, FeedBroadcasts, KnownColleges],
  exports: [RoomBroadcasts, FeedBroadcasts],
})
export class RealtimeModule {}
