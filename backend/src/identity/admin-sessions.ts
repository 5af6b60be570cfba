import { Inject, Injectable } from '@nestjs/common';
import type { Database } from '@secretchatbox/database';
import { findAdminBySession } from '@secretchatbox/projections';
import type { Clock } from '../infrastructure/clock.js';
import { CLOCK, DATABASE } from '../infrastructure/tokens.js';
import type { AdminIdentity } from './identity.js';
import { hashToken, isWellFormedToken } from './session-tokens.js';

/** Turns an admin's session token into the signed-in admin, for HTTP and sockets alike. */
@Injectable()
export class AdminSessions {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The admin whose live session the token opens, or null. */
  async resolve(token: string): Promise<AdminIdentity | null> {
    if (!isWellFormedToken(token)) return null;
    const sessionHash = hashToken(token);
    const user = await findAdminBySession(this.db, sessionHash, this.clock.now());
    return user ? { user, sessionHash } : null;
  }
}
