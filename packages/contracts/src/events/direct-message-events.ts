import type { DirectMessageDecision } from '../rules/limits.js';
import type { Event } from './event.js';

/**
 * A visitor's message to another visitor, held until a moderator of the sender's college decides.
 * Session ids here are the public pseudonyms, never tokens.
 */
export type DirectMessageSent = Event<
  'DirectMessageSent',
  { messageId: string; fromSessionId: string; toSessionId: string; collegeCode: string; content: string }
>;

/**
 * One use of the sender's daily direct-message allowance, in the sender's stream of the quota day,
 * appended with the message in one atomic append.
 */
export type DirectMessageAllowanceUsed = Event<
  'DirectMessageAllowanceUsed',
  { sessionId: string; quotaDay: string; messageId: string }
>;

export type DirectMessageModerated = Event<
  'DirectMessageModerated',
  { messageId: string; status: DirectMessageDecision; adminNote: string | null }
>;
