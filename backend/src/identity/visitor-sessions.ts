import { Inject, Injectable } from '@nestjs/common';
import type { Database } from '@secretchatbox/database';
import { findVisitorSession } from '@secretchatbox/projections';
import { SessionSecret } from '../infrastructure/session-secret.js';
import { DATABASE } from '../infrastructure/tokens.js';
import { isWellFormedToken } from './session-tokens.js';

export const visitorIdLength = 24;
// More than one instance's visitors at a time (docs/operations.md: at most 5,000 sockets an
// instance, by default); past it, each is looked up once again. 100,000 held about 7 MB.
const maxKnownVisitors = 20_000;

/** Turns a visitor's secret token into its public session id, if the session exists. */
@Injectable()
export class VisitorSessions {
  private readonly known = new Set<string>();

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly secret: SessionSecret,
  ) {}

  /** The session id of `token`, or null for a malformed token or a session no one started. */
  async resolve(token: string): Promise<string | null> {
    if (!isWellFormedToken(token)) return null;
    const sessionId = this.secret.derive(token, visitorIdLength);
    return (await this.exists(sessionId)) ? sessionId : null;
  }

  /** A session this process has just started (its event stored): its first request needs no look. */
  started(sessionId: string): void {
    this.remember(sessionId);
  }

  /** No event ends a visitor session: one found once needs no second look (up to a bound on memory). */
  private async exists(sessionId: string): Promise<boolean> {
    if (this.known.has(sessionId)) return true;
    if (!(await findVisitorSession(this.db, sessionId))) return false;
    this.remember(sessionId);
    return true;
  }

  private remember(sessionId: string): void {
    if (this.known.size >= maxKnownVisitors) this.known.clear();
    this.known.add(sessionId);
  }
}
