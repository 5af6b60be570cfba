import { createHmac } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { quotaDaySpan } from '../common/quota-day.js';
import type { AppConfig } from '../config/app-config.js';
import { SessionSecret } from '../infrastructure/session-secret.js';
import { APP_CONFIG } from '../infrastructure/tokens.js';

// The networks active at a time on a campus; past it, a network's key is worked out again, at the
// cost of one HMAC. A bound of 100,000 held about 11 MB.
const maxKnownNetworks = 20_000;

/**
 * Stands for a caller's network without storing its address: a keyed hash whose key changes
 * with the quota day (QUOTA_TIMEZONE), so yesterday's keys cannot be linked to today's. The
 * network's daily confession quota is a stream named by this key and the quota day: a key that
 * changed at another midnight than the quota day would start a fresh quota within the same day.
 */
@Injectable()
export class NetworkKey {
  constructor(
    private readonly secret: SessionSecret,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The day's hashing key and the keys worked out with it (in memory only, forgotten with the day). */
  private today: Readonly<{ day: string; key: string; keys: Map<string, string> }> | null = null;

  of(address: string, now: Date): string {
    // quotaDaySpan keeps the day it last worked out: asking costs two comparisons within it.
    const { day } = quotaDaySpan(now, this.config.QUOTA_TIMEZONE);
    if (this.today?.day !== day) this.today = { day, key: this.secret.derive(`network:${day}`, 43), keys: new Map() };
    const { key, keys } = this.today;
    let networkKey = keys.get(address);
    if (networkKey === undefined) {
      networkKey = createHmac('sha256', key).update(address).digest('base64url').slice(0, 22);
      if (keys.size >= maxKnownNetworks) keys.clear();
      keys.set(address, networkKey);
    }
    return networkKey;
  }
}
