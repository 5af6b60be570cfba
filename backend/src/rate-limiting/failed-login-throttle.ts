import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable } from '@nestjs/common';
import { failedLoginDelays, messages, type RateLimitRule, rateLimits } from '@secretchatbox/contracts';
import { rateLimited } from '../common/errors.js';
import type { Clock } from '../infrastructure/clock.js';
import { Metrics } from '../infrastructure/metrics.js';
import { CLOCK } from '../infrastructure/tokens.js';
import { RATE_LIMIT_STORE } from './rate-limiting.tokens.js';
import type { Hit, RateLimitStore } from './rate-limit-store.js';

/** A sign-in counted as failed until its password proves right. */
export type LoginAttempt = Readonly<{ succeeded(): Promise<void> }>;

/** How long the attempt that makes `failures` failures for one username waits (failedLoginDelays). */
export function failedLoginDelayMs(failures: number): number {
  const { after, firstMs, maxMs } = failedLoginDelays;
  if (failures <= after) return 0;
  return Math.min(maxMs, firstMs * 2 ** Math.min(failures - after - 1, 16));
}

/**
 * Failed sign-ins per username and network, per network, and per username (docs/api.md, "Sign-in
 * lock-out"). Each attempt is counted as failed before its password is checked, so that guesses
 * sent at once cannot all be checked against a limit that none of them has reached yet; a right
 * password takes its count back. An attempt past any limit is refused with 429 and not counted.
 */
@Injectable()
export class FailedLoginThrottle {
  constructor(
    @Inject(RATE_LIMIT_STORE) private readonly store: RateLimitStore,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly metrics: Metrics,
  ) {}

  async begin(networkKey: string, username: string): Promise<LoginAttempt> {
    const now = this.clock.now();
    const hits: (Hit & { rule: RateLimitRule; subject: string })[] = [];
    for (const [rule, subject] of this.subjects(networkKey, username))
      hits.push({ rule, subject, ...(await this.store.hit(rule, subject, now)) });
    const takeBack = async () => {
      // At the time of taking back: a window that ended meanwhile holds nothing to take back.
      for (const { rule, subject } of hits) await this.store.undo(rule, subject, this.clock.now());
    };
    const over = hits.filter(({ rule, count }) => count > rule.limit);
    if (over.length > 0) {
      await takeBack();
      // Counted once, under the limit that holds the caller longest (the one Retry-After names).
      const longest = over.reduce((a, b) => (b.resetInSeconds > a.resetInSeconds ? b : a));
      this.metrics.rateLimitRefused(longest.rule.bucket);
      throw rateLimited(messages.tooManyFailedLogins, longest.resetInSeconds);
    }
    const perUsername = hits.find(({ rule }) => rule === rateLimits.failedLoginsPerUsername)!;
    const delayMs = failedLoginDelayMs(perUsername.count);
    if (delayMs > 0) await sleep(delayMs);
    return { succeeded: takeBack };
  }

  private subjects(networkKey: string, username: string): [RateLimitRule, string][] {
    // Usernames are hashed: the limiter need not hold the names people tried.
    const user = createHash('sha256').update(username.trim().toLowerCase()).digest('base64url').slice(0, 22);
    const { failedLoginsPerUsernameAndNetwork: both, failedLoginsPerNetwork, failedLoginsPerUsername } = rateLimits;
    return [
      [both, `${networkKey}:${user}`],
      [failedLoginsPerNetwork, networkKey],
      [failedLoginsPerUsername, user],
    ];
  }
}
