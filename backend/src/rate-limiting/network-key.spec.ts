import { describe, expect, it } from '@jest/globals';
import type { Database } from '@secretchatbox/database';
import type { AppConfig } from '../config/app-config.js';
import { SessionSecret } from '../infrastructure/session-secret.js';
import { NetworkKey } from './network-key.js';

async function keys(QUOTA_TIMEZONE = 'UTC'): Promise<NetworkKey> {
  const config = { SESSION_SECRET: 'test secret', QUOTA_TIMEZONE } as AppConfig;
  const secret = new SessionSecret(config, {} as Database);
  await secret.onModuleInit();
  return new NetworkKey(secret, config);
}

describe('NetworkKey', () => {
  const morning = new Date('2026-11-25T08:00:00Z');
  const evening = new Date('2026-11-25T20:00:00Z');
  const nextDay = new Date('2026-11-26T08:00:00Z');

  it('stands for one address all day, the same in every instance, and never shows it', async () => {
    const key = (await keys()).of('203.0.113.7', morning);
    expect((await keys()).of('203.0.113.7', evening)).toBe(key);
    expect(key).not.toContain('203.0.113.7');
    expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('tells addresses apart, and cannot be linked from one day to the next', async () => {
    const networkKey = await keys();
    const key = networkKey.of('203.0.113.7', morning);
    expect(networkKey.of('203.0.113.8', morning)).not.toBe(key);
    expect(networkKey.of('203.0.113.7', nextDay)).not.toBe(key);
    expect(networkKey.of('203.0.113.7', morning)).not.toBe(networkKey.of('203.0.113.7', nextDay));
  });

  it('changes with the quota day, not the UTC date', async () => {
    // In Kolkata (UTC+05:30) the quota day of 26 November runs from 18:30Z on the 25th to 18:30Z on the 26th.
    const networkKey = await keys('Asia/Kolkata');
    const key = networkKey.of('203.0.113.7', new Date('2026-11-25T23:50:00Z'));
    expect(networkKey.of('203.0.113.7', new Date('2026-11-26T00:10:00Z'))).toBe(key);
    expect(networkKey.of('203.0.113.7', new Date('2026-11-26T18:29:59.999Z'))).toBe(key);
    expect(networkKey.of('203.0.113.7', new Date('2026-11-26T18:30:00Z'))).not.toBe(key);
    expect(networkKey.of('203.0.113.7', new Date('2026-11-25T18:29:59.999Z'))).not.toBe(key);
    expect(networkKey.of('203.0.113.7', new Date('2026-11-26T12:00:00Z'))).toBe(key);
  });
});
