import { Module } from '@nestjs/common';
import { RealtimeGateway } from './realtime.gateway.js';
import { RoomBroadcasts } from './room-broadcasts.js';

@Module({ providers: [RealtimeGateway, RoomBroadcasts], exports: [RoomBroadcasts] })
export class RealtimeModule {}
