import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RedisRoomPresence } from '../src/realtime/redis-room-presence.js';
import type { Redis } from '../src/infrastructure/redis.js';
import { connectRedis, RedisUnavailableError } from '../src/infrastructure/redis.js';
import type { RateLimitStore } from '../src/rate-limiting/rate-limit-store.js';
import { RedisRateLimitStore } from '../src/rate-limiting/redis-rate-limit-store.js';
import { connectTestRedis, reportSkippedRedisSuites, testRedisUrl } from './support/redis.js';

reportSkippedRedisSuites('the Redis stores (rate limits, presence)');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

(testRedisUrl ? describe : describe.skip)('stores shared through Redis', () => {
  let redis: Redis;
  beforeAll(async () => {
    redis = await connectTestRedis();
  });
  afterAll(async () => {
    await redis.close();
  });

  it('counts rate-limit hits of every instance in one fixed window, and takes one back', async () => {
    const one: RateLimitStore = new RedisRateLimitStore(redis);
    const other: RateLimitStore = new RedisRateLimitStore(redis);
    const now = new Date();
    const second = { bucket: 'per-second', windowSeconds: 1 };
    const minute = { bucket: 'per-minute', windowSeconds: 60 };
    expect(await one.hit(second, 'net-a', now)).toEqual({ count: 1, resetInSeconds: 1 });
    expect((await other.hit(second, 'net-a', now)).count).toBe(2);
    await other.undo(second, 'net-a', now);
    expect((await one.hit(second, 'net-a', now)).count).toBe(2);
    const hits = await Promise.all(
      Array.from({ length: 20 }, (_, n) => (n % 2 ? one : other).hit(minute, 'net-b', now)),
    );
    expect(hits.map((hit) => hit.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, n) => n + 1));
    await pause(1100);
    expect((await one.hit(second, 'net-a', new Date())).count).toBe(1);
  });

  it("counts a room's distinct visitors over instances, and forgets an instance that stops renewing", async () => {
    const timing = { instanceTtlMs: 600, renewEveryMs: 200 };
    const first = new RedisRoomPresence(redis, timing);
    const second = new RedisRoomPresence(redis, timing);
    try {
      await first.enter('room', 'alice');
      await first.enter('room', 'alice');
      await second.enter('room', 'alice');
      await second.enter('room', 'bob');
      expect(await first.count('room')).toBe(2);
      await first.leave('room', 'alice');
      expect(await second.count('room')).toBe(2);
      await second.leave('room', 'alice');
      expect(await second.count('room')).toBe(2);
      await first.leave('room', 'alice');
      expect(await second.count('room')).toBe(1);

      await first.enter('room', 'carol');
      expect(await second.count('room')).toBe(2);
      first.stop();
      await pause(1000);
      // Only the instance that kept renewing still counts.
      expect(await second.count('room')).toBe(1);
      // An instance that closes takes its visitors out at once.
      await second.close();
      expect(await first.count('room')).toBe(0);
    } finally {
      first.stop();
      second.stop();
    }
  });

  it('refuses to start on a Redis it cannot reach, naming REDIS_URL', async () => {
    const refused = await connectRedis('redis://127.0.0.1:1', 'scb-test').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RedisUnavailableError);
    expect((refused as Error).message).toMatch(/^REDIS_URL: cannot reach Redis at redis:\/\/127\.0\.0\.1:1/);
  });
});
