import { messages } from '@secretchatbox/contracts';
import { unavailable } from '../common/errors.js';
import type { Redis } from '../infrastructure/redis.js';
import type { Hit, RateLimitStore, RateLimitWindow } from './rate-limit-store.js';

// One round trip, atomic: the first hit of a window starts it; every instance counts in the same key.
const hitScript = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}`;

const undoScript = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

/** How long a count may take before the write is refused as unavailable. */
const answerWithinMs = 1000;

/**
 * Fixed windows counted in Redis, shared by every instance. The windows follow Redis's clock,
 * not `now`: every instance then agrees on when a window ends. While Redis cannot be reached, a
 * write is refused at once with 503 (its limits cannot be counted), instead of waiting in the
 * client's queue for a reconnection; one whose count takes over a second is refused the same way.
 */
export class RedisRateLimitStore implements RateLimitStore {
  constructor(private readonly redis: Redis) {}

  async hit(window: RateLimitWindow, subject: string): Promise<Hit> {
    const [count, ttlMs] = (await this.counted(() =>
      this.redis.commands.eval(hitScript, {
        keys: [this.keyOf(window, subject)],
        arguments: [String(window.windowSeconds * 1000)],
      }),
    )) as [number, number];
    return { count, resetInSeconds: Math.max(1, Math.ceil(ttlMs / 1000)) };
  }

  async undo(window: RateLimitWindow, subject: string): Promise<void> {
    await this.counted(() => this.redis.commands.eval(undoScript, { keys: [this.keyOf(window, subject)] }));
  }

  private async counted<T>(command: () => Promise<T>): Promise<T> {
    if (!this.redis.commands.isReady) throw unavailable(messages.brieflyUnavailable);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(unavailable(messages.brieflyUnavailable)), answerWithinMs);
    });
    try {
      return await Promise.race([command(), late]);
    } finally {
      clearTimeout(timer);
    }
  }

  private keyOf({ bucket }: RateLimitWindow, subject: string): string {
    return `${this.redis.keyPrefix}:rate:${bucket}:${subject}`;
  }
}
