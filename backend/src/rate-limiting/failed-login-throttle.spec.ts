import { describe, expect, it } from '@jest/globals';
import { failedLoginDelays } from '@secretchatbox/contracts';
import { failedLoginDelayMs } from './failed-login-throttle.js';

describe('failedLoginDelayMs', () => {
  it('lets the first failures go at once, then doubles the wait up to its ceiling', () => {
    const { after, firstMs, maxMs } = failedLoginDelays;
    expect(failedLoginDelayMs(after)).toBe(0);
    expect(failedLoginDelayMs(after + 1)).toBe(firstMs);
    expect(failedLoginDelayMs(after + 2)).toBe(firstMs * 2);
    expect(failedLoginDelayMs(after + 3)).toBe(firstMs * 4);
    expect(failedLoginDelayMs(1000)).toBe(maxMs);
  });
});
