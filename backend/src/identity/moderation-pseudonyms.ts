import { Injectable } from '@nestjs/common';
import type { ModerationPseudonymOf } from '@secretchatbox/projections';
import { SessionSecret } from '../infrastructure/session-secret.js';

const moderationPseudonymLength = 8;

/**
 * The ids moderators and auditors see of a visitor: keyed hashes of the public session id, so a
 * moderator can neither work one out from another nor from the session id. Worked out as
 * moderators' lists are read, never stored: the read models keep session ids, a rebuild or a new
 * secret needs nothing done, and no event or table holds a second id of the visitor. The labels
 * keep these hashes apart from each other and from the session secret's other uses (session ids
 * hash tokens, which hold no colon).
 */
@Injectable()
export class ModerationPseudonyms {
  constructor(private readonly secret: SessionSecret) {}

  /** The author of confessions, comments and direct messages. */
  readonly of: ModerationPseudonymOf = (sessionId) =>
    this.secret.derive(`moderation:${sessionId}`, moderationPseudonymLength);

  /**
   * The same visitor beside room and pair messages: a pseudonym of its own, because chat shows
   * each message with its sender's public session id, and the author's pseudonym beside a chat
   * message would link the author's confessions to the sender's chat identity.
   */
  readonly ofChat: ModerationPseudonymOf = (sessionId) =>
    this.secret.derive(`chat:${sessionId}`, moderationPseudonymLength);
}
