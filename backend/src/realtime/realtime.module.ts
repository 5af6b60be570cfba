import { Module } from '@nestjs/common';
import { RateLimitingModule } from '../rate-limiting/rate-limiting.module.js';
import { FeedGateway } from './feed.gateway.js';
import { RealtimeGateway } from './realtime.gateway.js';
import { SocketAdmission } from './socket-admission.js';
import { SocketBroadcasts } from './socket-broadcasts.js';
import { SocketIdentities } from './socket-identity.js';

@Module({
  imports: [RateLimitingModule],
  providers: [RealtimeGateway, FeedGateway, SocketBroadcasts, SocketAdmission, SocketIdentities],
  exports: [SocketBroadcasts, SocketAdmission, SocketIdentities],
})
export class RealtimeModule {}
