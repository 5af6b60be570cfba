import { Module } from '@nestjs/common';
import type { Redis } from '../../infrastructure/redis.js';
import { REDIS } from '../../infrastructure/tokens.js';
import { RateLimitingModule } from '../../rate-limiting/rate-limiting.module.js';
import { InProcessPairingQueue } from './in-process-pairing-queue.js';
import { PairingReportsController } from './pairing-reports.controller.js';
import { PairingGateway } from './pairing.gateway.js';
import { Pairing } from './pairing.service.js';
import { PAIRING_QUEUE } from './pairing.tokens.js';
import { RedisPairingQueue } from './redis-pairing-queue.js';

/** Random one-to-one pairing over the chat's socket, and the moderators' side of its reports. */
@Module({
  imports: [RateLimitingModule],
  controllers: [PairingReportsController],
  providers: [
    {
      provide: PAIRING_QUEUE,
      inject: [REDIS],
      useFactory: async (redis: Redis | null) => {
        if (!redis) return new InProcessPairingQueue();
        const queue = new RedisPairingQueue(redis);
        await queue.start();
        return queue;
      },
    },
    Pairing,
    PairingGateway,
  ],
})
export class PairingModule {}
