import { describe, expect, it } from '@jest/globals';
import { nextQuotaDayStart, quotaDay, quotaDayStart } from './quota-day.js';

describe('quota day', () => {
  it('in UTC runs from midnight to midnight', () => {
    const now = new Date('2026-03-10T23:59:59Z');
    expect(quotaDay(now, 'UTC')).toBe('2026-03-10');
    expect(nextQuotaDayStart(now, 'UTC').toISOString()).toBe('2026-03-11T00:00:00.000Z');
  });

  it('knows when the current day started', () => {
    expect(quotaDayStart(new Date('2026-03-10T23:59:59Z'), 'UTC').toISOString()).toBe('2026-03-10T00:00:00.000Z');
    expect(quotaDayStart(new Date('2026-03-10T23:30:00Z'), 'Europe/Paris').toISOString()).toBe(
      '2026-03-10T23:00:00.000Z',
    );
  });

  it('follows the wall clock of the configured zone', () => {
    const now = new Date('2026-03-10T23:30:00Z'); // 00:30 on the 11th in Paris (UTC+1)
    expect(quotaDay(now, 'Europe/Paris')).toBe('2026-03-11');
    expect(nextQuotaDayStart(now, 'Europe/Paris').toISOString()).toBe('2026-03-11T23:00:00.000Z');
  });

  it('handles the night a daylight-saving change happens', () => {
    // New York moves to UTC-4 at 02:00 on 2026-03-08; midnight after that is 04:00Z.
    const now = new Date('2026-03-08T12:00:00Z');
    expect(nextQuotaDayStart(now, 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    const before = new Date('2026-03-08T03:00:00Z'); // 22:00 on the 7th, still UTC-5
    expect(nextQuotaDayStart(before, 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
  });
});
