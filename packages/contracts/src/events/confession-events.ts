import type { Category, ReasonCode } from '../rules/limits.js';
import type { Event } from './event.js';

/** The author is the event's actor (metadata); public payloads never carry it. */
export type ConfessionSubmitted = Event<
  'ConfessionSubmitted',
  { confessionId: string; collegeCode: string; category: Category; content: string; nickname: string | null }
>;

/** One of a visitor's daily confessions, counted in the visitor's quota stream for that day. */
export type ConfessionQuotaUsed = Event<
  'ConfessionQuotaUsed',
  { sessionId: string; quotaDay: string; confessionId: string }
>;

/** One of a network's daily confessions; `networkKey` is a keyed hash that changes every day, never an address. */
export type NetworkQuotaUsed = Event<
  'NetworkQuotaUsed',
  { networkKey: string; quotaDay: string; confessionId: string }
>;

export type ConfessionApproved = Event<'ConfessionApproved', { confessionId: string }>;

export type ConfessionRejected = Event<
  'ConfessionRejected',
  { confessionId: string; reasonCode: string | null; note: string | null }
>;

/** A visitor's like of one confession, in the stream of that visitor's like of it. */
export type ConfessionLiked = Event<'ConfessionLiked', { confessionId: string; sessionId: string }>;
export type ConfessionUnliked = Event<'ConfessionUnliked', { confessionId: string; sessionId: string }>;

/** Comments wait for a moderator like confessions do; the author is the event's actor. */
export type CommentSubmitted = Event<
  'CommentSubmitted',
  { commentId: string; confessionId: string; content: string; nickname: string | null }
>;
export type CommentApproved = Event<'CommentApproved', { commentId: string; confessionId: string }>;
export type CommentRejected = Event<
  'CommentRejected',
  { commentId: string; confessionId: string; reasonCode: string | null; note: string | null }
>;

/** One visitor's report of a confession; the reporter's session is kept for the one-report rule. */
export type ConfessionReported = Event<
  'ConfessionReported',
  { confessionId: string; sessionId: string; reason: ReasonCode; note: string | null }
>;
/** Enough reports hide a confession from the feed until a moderator acts. */
export type ConfessionHidden = Event<'ConfessionHidden', { confessionId: string; reportCount: number }>;

/** A moderator removes a confession in any status: it leaves every public and moderator view; the events stay. */
export type ConfessionDeleted = Event<
  'ConfessionDeleted',
  { confessionId: string; reasonCode: string | null; note: string | null }
>;
/** Review keeps the count and takes the confession out of the reported queue. */
export type ConfessionReportsReviewed = Event<
  'ConfessionReportsReviewed',
  { confessionId: string; reportCount: number }
>;
/** Dismissal sets the count back to 0 and shows a hidden confession again; `reportCount` is the count dismissed. */
export type ConfessionReportsDismissed = Event<
  'ConfessionReportsDismissed',
  { confessionId: string; reportCount: number }
>;
