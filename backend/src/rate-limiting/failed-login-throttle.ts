import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { messages, type RateLimitRule, rateLimits } from '@secretchatbox/contracts';
import { limitReached } from '../common/errors.js';
import type { Clock } from '../infrastructure/clock.js';
import { CLOCK } from '../infrastructure/tokens.js';
import { RATE_LIMIT_STORE } from './rate-limiting.tokens.js';
import type { RateLimitStore } from './rate-limit-store.js';

/**
 * Counts failed sign-ins per network and per username (brief section 5). Once either reaches its
 * limit, every sign-in for it answers 429 with Retry-After until the window ends, so guessing
 * passwords stops even when the guesses are spread over many networks or many usernames.
 */
@Injectable()
export class FailedLoginThrottle {
  constructor(
    @Inject(RATE_LIMIT_STORE) private readonly store: RateLimitStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async assertAllowed(networkKey: string, username: string): Promise<void> {
    const now = this.clock.now();
    for (const [rule, key] of this.keys(networkKey, username)) {
      const { count, resetInSeconds } = await this.store.peek(key, now);
      if (count >= rule.limit) throw limitReached(messages.tooManyFailedLogins, resetInSeconds);
    }
  }

  async recordFailure(networkKey: string, username: string): Promise<void> {
    const now = this.clock.now();
    for (const [rule, key] of this.keys(networkKey, username)) await this.store.hit(key, rule.windowSeconds, now);
  }

  private keys(networkKey: string, username: string): [RateLimitRule, string][] {
    // Usernames are hashed: the limiter need not hold the names people tried.
    const user = createHash('sha256').update(username.trim().toLowerCase()).digest('base64url').slice(0, 22);
    return [
      [rateLimits.failedLoginsPerNetwork, `${rateLimits.failedLoginsPerNetwork.bucket}:${networkKey}`],
      [rateLimits.failedLoginsPerUsername, `${rateLimits.failedLoginsPerUsername.bucket}:${user}`],
    ];
  }
}
