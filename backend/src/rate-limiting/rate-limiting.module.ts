import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { NetworkKey } from './network-key.js';
import { RateLimitGuard } from './rate-limit.guard.js';
import { InMemoryRateLimitStore } from './rate-limit-store.js';
import { RATE_LIMIT_STORE } from './rate-limiting.tokens.js';

@Module({
  providers: [
    NetworkKey,
    { provide: RATE_LIMIT_STORE, useClass: InMemoryRateLimitStore },
    { provide: APP_GUARD, useClass: RateLimitGuard },
  ],
  exports: [NetworkKey],
})
export class RateLimitingModule {}
