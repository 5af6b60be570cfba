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

export type DirectMessageModerated = Event<
  'DirectMessageModerated',
  { messageId: string; status: DirectMessageDecision; adminNote: string | null }
>;
