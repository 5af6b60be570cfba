import type { ReasonCode } from '../rules/limits.js';
import type { Event } from './event.js';

/**
 * A message said in a chat room. Each message is a stream of its own, so a busy room is never one
 * stream that every sender must append to at the revision it read. `sessionId` is the sender's
 * public session id (what chat shows), or for a moderator `admin-{adminId}`. `sentAt` (ISO time)
 * is the message's time everywhere: the answer to its sender, the push and the history.
 */
export type ChatMessagePosted = Event<
  'ChatMessagePosted',
  {
    messageId: string;
    roomId: string;
    collegeCode: string;
    sessionId: string;
    nickname: string | null;
    content: string;
    isAdmin: boolean;
    sentAt: string;
  }
>;

/**
 * One use of a sender's chat allowance, in the sender's stream of the quota day, appended with the
 * message in one atomic append. `sessionId` is the sender's as its messages carry it (a moderator's
 * `admin-{adminId}` has an allowance of its own). `sentAt` (ISO time) lets the same stream decide
 * the burst limit.
 */
export type ChatAllowanceUsed = Event<
  'ChatAllowanceUsed',
  { sessionId: string; quotaDay: string; messageId: string; sentAt: string }
>;

/** A moderator took a message down: it leaves the history and every open client. */
export type ChatMessageRemoved = Event<
  'ChatMessageRemoved',
  { messageId: string; roomId: string; collegeCode: string; reasonCode: ReasonCode | null; note: string | null }
>;
