import { createHmac } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { SessionSecret } from '../infrastructure/session-secret.js';

const msPerDay = 86_400_000;
// Enough for every network active in a day on a campus; past it the day's keys are worked out again.
const maxKeysPerDay = 100_000;

/**
 * Stands for a caller's network without storing its address: a keyed hash whose key changes
 * every UTC day, so yesterday's keys cannot be linked to today's.
 */
@Injectable()
export class NetworkKey {
  constructor(private readonly secret: SessionSecret) {}

  /** The day's hashing key and the keys worked out with it (in memory only, forgotten with the day). */
  private today: Readonly<{ startsAt: number; key: string; keys: Map<string, string> }> | null = null;

  of(address: string, now: Date): string {
    const startsAt = now.getTime() - (now.getTime() % msPerDay);
    if (this.today?.startsAt !== startsAt) {
      const day = new Date(startsAt).toISOString().slice(0, 10);
      this.today = { startsAt, key: this.secret.derive(`network:${day}`, 43), keys: new Map() };
    }
    const { key, keys } = this.today;
    let networkKey = keys.get(address);
    if (networkKey === undefined) {
      networkKey = createHmac('sha256', key).update(address).digest('base64url').slice(0, 22);
      if (keys.size >= maxKeysPerDay) keys.clear();
      keys.set(address, networkKey);
    }
    return networkKey;
  }
}
