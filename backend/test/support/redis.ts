import { randomBytes } from 'node:crypto';
import { connectRedis, type Redis } from '../../src/infrastructure/redis.js';

/** The Redis the Redis-mode suites use: TEST_REDIS_URL, which CI sets. */
export const testRedisUrl = process.env.TEST_REDIS_URL;

/** Says once per test file why a Redis suite did not run. */
export function reportSkippedRedisSuites(suite: string): void {
  if (!testRedisUrl) console.warn(`[skipped] ${suite}: TEST_REDIS_URL is not set, so no Redis to run against.`);
}

/** A key prefix of this test run's own, so runs sharing one Redis never see each other's keys. */
export const freshKeyPrefix = () => `scb-test-${randomBytes(6).toString('hex')}`;

/** Connections to the test Redis under a fresh prefix; the caller closes them. */
export const connectTestRedis = (keyPrefix = freshKeyPrefix()): Promise<Redis> =>
  connectRedis(testRedisUrl!, keyPrefix);

/** The app's settings of each socket mode a suite runs in: in process, and Redis mode when there is a Redis. */
export const socketModes = (): [string, () => Record<string, string>][] => [
  ['in process', () => ({})],
  ...(testRedisUrl
    ? [
        ['Redis mode', () => ({ REDIS_URL: testRedisUrl!, REDIS_KEY_PREFIX: freshKeyPrefix() })] as [
          string,
          () => Record<string, string>,
        ],
      ]
    : []),
];
