import { createHmac } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { SessionSecret } from '../infrastructure/session-secret.js';

/**
 * Stands for a caller's network without storing its address: a keyed hash whose key changes
 * every UTC day, so yesterday's keys cannot be linked to today's.
 */
@Injectable()
export class NetworkKey {
  constructor(private readonly secret: SessionSecret) {}

  /** The day's key, worked out once a day rather than once a request. */
  private today: Readonly<{ day: string; key: string }> | null = null;

  of(address: string, now: Date): string {
    const day = now.toISOString().slice(0, 10);
    if (this.today?.day !== day) this.today = { day, key: this.secret.derive(`network:${day}`, 43) };
    return createHmac('sha256', this.today.key).update(address).digest('base64url').slice(0, 22);
  }
}
