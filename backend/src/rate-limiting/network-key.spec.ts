import { describe, expect, it } from '@jest/globals';
import type { Database } from '@secretchatbox/database';
import type { AppConfig } from '../config/app-config.js';
import { SessionSecret } from '../infrastructure/session-secret.js';
import { NetworkKey } from './network-key.js';

async function keys(): Promise<NetworkKey> {
  const secret = new SessionSecret({ SESSION_SECRET: 'test secret' } as AppConfig, {} as Database);
  await secret.onModuleInit();
  return new NetworkKey(secret);
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
});
