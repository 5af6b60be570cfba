import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { FailedLoginThrottle } from './failed-login-throttle.js';
import { NetworkKey } from './network-key.js';
import { RateLimitGuard } from './rate-limit.guard.js';
import { InMemoryRateLimitStore } from './rate-limit-store.js';
import { RATE_LIMIT_STORE } from './rate-limiting.tokens.js';

@Module({
  providers: [
    NetworkKey,
    FailedLoginThrottle,
    { provide: RATE_LIMIT_STORE, useClass: InMemoryRateLimitStore },
    { provide: APP_GUARD, useClass: RateLimitGuard },
  ],
  exports: [NetworkKey, FailedLoginThrottle],
})
export class RateLimitingModule {}
