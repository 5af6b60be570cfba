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

  of(address: string, now: Date): string {
    const dayKey = this.secret.derive(`network:${now.toISOString().slice(0, 10)}`, 43);
    return createHmac('sha256', dayKey).update(address).digest('base64url').slice(0, 22);
  }
}
