import { describe, expect, it } from '@jest/globals';
import { relativeTime } from './relative-time';

const now = Date.parse('2026-11-21T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('relativeTime', () => {
  it.each([
    [0, '0m ago'],
    [59 * 60_000, '59m ago'],
    [60 * 60_000, '1h ago'],
    [23 * 3_600_000 + 59 * 60_000, '23h ago'],
    [24 * 3_600_000, '1d ago'],
    [268 * 86_400_000, '268d ago'],
  ])('shows %i ms ago as %s', (elapsed, shown) => {
    expect(relativeTime(ago(elapsed), now)).toBe(shown);
  });

  it('shows a time slightly ahead of the clock as now, not negative', () => {
    expect(relativeTime(ago(-5000), now)).toBe('0m ago');
  });
});
