import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { FailedLoginThrottle } from './failed-login-throttle.js';
import { NetworkKey } from './network-key.js';
import { RateLimitGuard } from './rate-limit.guard.js';
import { InMemoryRateLimitStore } from './rate-limit-store.js';
import { RATE_LIMIT_STORE } from './rate-limiting.tokens.js';
import { RedisRateLimitStore } from './redis-rate-limit-store.js';
import type { Redis } from '../infrastructure/redis.js';
import { REDIS } from '../infrastructure/tokens.js';

@Module({
  providers: [
    NetworkKey,
    FailedLoginThrottle,
    {
      provide: RATE_LIMIT_STORE,
      // Shared by every instance in Redis mode; this process's own otherwise.
      useFactory: (redis: Redis | null) => (redis ? new RedisRateLimitStore(redis) : new InMemoryRateLimitStore()),
      inject: [REDIS],
    },
    { provide: APP_GUARD, useClass: RateLimitGuard },
  ],
  exports: [NetworkKey, FailedLoginThrottle],
})
export class RateLimitingModule {}
