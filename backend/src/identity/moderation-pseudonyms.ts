import { Injectable } from '@nestjs/common';
import type { ModerationPseudonymOf } from '@secretchatbox/projections';
import { SessionSecret } from '../infrastructure/session-secret.js';

const moderationPseudonymLength = 8;

/**
 * The author ids moderators see: a keyed hash of the public session id, so a moderator cannot
 * link a confession's author to the session id that chat and direct messages show, nor work one
 * out from the other. The `moderation:` label keeps these hashes apart from the session secret's
 * other uses (session ids hash tokens, which hold no colon). Worked out as moderators' lists are
 * read, never stored: the read models keep session ids, a rebuild or a new secret needs nothing
 * done, and no event or table holds a second id of the author.
 */
@Injectable()
export class ModerationPseudonyms {
  constructor(private readonly secret: SessionSecret) {}

  readonly of: ModerationPseudonymOf = (sessionId) =>
    this.secret.derive(`moderation:${sessionId}`, moderationPseudonymLength);
}
