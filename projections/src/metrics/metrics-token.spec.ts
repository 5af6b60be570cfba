import { describe, expect, it } from '@jest/globals';
import { bearerTokenMatches, metricsTokenSchema } from './metrics-token.js';

describe('the metrics token', () => {
  const token = 'a-metrics-token-0123456789';

  it('lets in the bearer of the token, however the scheme is spelled', () => {
    expect(bearerTokenMatches(`Bearer ${token}`, token)).toBe(true);
    expect(bearerTokenMatches(`bearer ${token}`, token)).toBe(true);
  });

  it('keeps out a missing header, another scheme, another token and an empty one', () => {
    expect(bearerTokenMatches(undefined, token)).toBe(false);
    expect(bearerTokenMatches(token, token)).toBe(false);
    expect(bearerTokenMatches(`Basic ${token}`, token)).toBe(false);
    expect(bearerTokenMatches(`Bearer ${token}x`, token)).toBe(false);
    expect(bearerTokenMatches(`Bearer ${token.slice(1)}`, token)).toBe(false);
    expect(bearerTokenMatches('Bearer ', token)).toBe(false);
  });

  it('must be long enough to resist guessing', () => {
    expect(metricsTokenSchema.safeParse('short').success).toBe(false);
    expect(metricsTokenSchema.safeParse(token).success).toBe(true);
  });
});
