import { z } from 'zod';
import { adminRoles } from '../events/event.js';
import { adminStatuses } from '../rules/limits.js';

/*
 * What the endpoints answer on success: each schema is the one definition of its shape, its type is
 * inferred from it, and endpoints.ts names it as an endpoint's `response`. Strict, so that a field
 * an answer should not carry (a session id in a moderator's view) fails the answer checks.
 */

/** A list read by cursor: `nextCursor` asks for the page after, null on the last one. */
export const pageOf = <Item extends z.ZodType>(item: Item) =>
  z.strictObject({ items: z.array(item), nextCursor: z.string().nullable() });

export const college = z.strictObject({ id: z.string(), name: z.string(), code: z.string() });
export type College = z.infer<typeof college>;
export const chatRoom = z.strictObject({ id: z.string(), name: z.string(), collegeCode: z.string() });
export type ChatRoom = z.infer<typeof chatRoom>;

/**
 * A room message as everyone sees it. `sessionId` is the sender's public session id, or
 * `admin-{adminId}` for a moderator's message (`isAdmin`); `nickname` null shows as Anonymous.
 */
export const chatMessage = z.strictObject({
  id: z.string(),
  roomId: z.string(),
  content: z.string(),
  nickname: z.string().nullable(),
  sessionId: z.string(),
  createdAt: z.string(),
  isAdmin: z.boolean(),
});
export type ChatMessage = z.infer<typeof chatMessage>;
export const chatMessagePage = pageOf(chatMessage);
export type ChatMessagePage = z.infer<typeof chatMessagePage>;
/** A room message as moderators see it: the sender by chat pseudonym, never by session id or author pseudonym. */
export const moderatedChatMessage = chatMessage
  .omit({ sessionId: true })
  .extend({ collegeCode: z.string(), authorId: z.string() });
export type ModeratedChatMessage = z.infer<typeof moderatedChatMessage>;
export const moderatedChatMessagePage = pageOf(moderatedChatMessage);
export type ModeratedChatMessagePage = z.infer<typeof moderatedChatMessagePage>;
export const chatMessageRemoval = z.strictObject({ id: z.string(), roomId: z.string(), status: z.literal('removed') });
export type ChatMessageRemoval = z.infer<typeof chatMessageRemoval>;

export const sessionCreated = z.strictObject({ sessionToken: z.string(), sessionId: z.string() });
export type SessionCreated = z.infer<typeof sessionCreated>;
export const sessionView = z.strictObject({
  sessionId: z.string(),
  collegeCode: z.string().nullable(),
  nickname: z.string().nullable(),
});
export type SessionView = z.infer<typeof sessionView>;

const allowance = z.strictObject({ remaining: z.number().int(), used: z.number().int(), limit: z.number().int() });
export type Allowance = z.infer<typeof allowance>;
export const dailyLimit = allowance.extend({ resetsAt: z.string(), chat: allowance });
export type DailyLimit = z.infer<typeof dailyLimit>;

export const authUser = z.strictObject({
  id: z.string(),
  username: z.string(),
  role: z.enum(adminRoles),
  collegeCode: z.string().nullable(),
  collegeId: z.string().nullable(),
});
export type AuthUser = z.infer<typeof authUser>;
export const loginResponse = z.strictObject({ sessionToken: z.string(), user: authUser });
export type LoginResponse = z.infer<typeof loginResponse>;
export const loggedOut = z.strictObject({ ok: z.literal(true) });
export type LoggedOut = z.infer<typeof loggedOut>;

export const confessionSubmitted201 = z.strictObject({
  id: z.string(),
  status: z.literal('pending'),
  remaining: z.number().int(),
});
export type ConfessionSubmitted201 = z.infer<typeof confessionSubmitted201>;
export const confessionItem = z.strictObject({
  id: z.string(),
  content: z.string(),
  category: z.string(),
  nickname: z.string().nullable(),
  collegeCode: z.string(),
  likes: z.number().int(),
  commentCount: z.number().int(),
  createdAt: z.string(),
  /** Whether the caller liked it; false without a session. */
  liked: z.boolean(),
  /** Whether the caller reported it; false without a session. */
  reported: z.boolean(),
});
export type ConfessionItem = z.infer<typeof confessionItem>;
export const confessionPage = pageOf(confessionItem);
export type ConfessionPage = z.infer<typeof confessionPage>;
/** Daily Featured: the most liked confession of the last 24 hours, else the newest; null when there is none. */
export const featuredConfession = z.strictObject({ item: confessionItem.nullable() });
export type FeaturedConfession = z.infer<typeof featuredConfession>;
export const moderationResult = z.strictObject({ id: z.string(), status: z.enum(['approved', 'rejected']) });
export type ModerationResult = z.infer<typeof moderationResult>;
export const likeResult = z.strictObject({ liked: z.boolean(), likes: z.number().int() });
export type LikeResult = z.infer<typeof likeResult>;
export const commentItem = z.strictObject({
  id: z.string(),
  content: z.string(),
  nickname: z.string().nullable(),
  createdAt: z.string(),
});
export type CommentItem = z.infer<typeof commentItem>;
export const commentSubmitted201 = z.strictObject({ id: z.string(), status: z.literal('pending') });
export type CommentSubmitted201 = z.infer<typeof commentSubmitted201>;
export const reportReceived = z.strictObject({ status: z.literal('received') });
export type ReportReceived = z.infer<typeof reportReceived>;
export const platformStats = z.strictObject({
  totalConfessions: z.number().int(),
  confessionsToday: z.number().int(),
  likesToday: z.number().int(),
  commentsToday: z.number().int(),
  activeStudents: z.number().int(),
});
export type PlatformStats = z.infer<typeof platformStats>;

export const confessionReportDetail = z.strictObject({
  reason: z.string(),
  note: z.string().nullable(),
  reportedAt: z.string(),
});
export type ConfessionReportDetail = z.infer<typeof confessionReportDetail>;
/**
 * A confession as moderators see it. `authorId` is the author's moderation pseudonym: 8 characters
 * of a keyed hash of the session id, never the session id or a part of it.
 */
export const moderatedConfession = confessionItem.omit({ liked: true, reported: true }).extend({
  status: z.enum(['pending', 'approved', 'rejected']),
  reportedCount: z.number().int(),
  /** Reviewed reports keep their count but leave the reported queue. */
  reportsReviewed: z.boolean(),
  hidden: z.boolean(),
  authorId: z.string(),
  /** The open reports (those since the last dismissal), oldest first. */
  reports: z.array(confessionReportDetail),
});
export type ModeratedConfession = z.infer<typeof moderatedConfession>;
export const deletionResult = z.strictObject({ id: z.string(), status: z.literal('deleted') });
export type DeletionResult = z.infer<typeof deletionResult>;
export const reportHandling = z.strictObject({
  id: z.string(),
  reportedCount: z.number().int(),
  reportsReviewed: z.boolean(),
  hidden: z.boolean(),
});
export type ReportHandling = z.infer<typeof reportHandling>;

/** A pending comment as moderators see it, with its confession's college and the author's moderation pseudonym. */
export const moderatedComment = commentItem.extend({
  confessionId: z.string(),
  /** What the comment answers, as the public reads it. */
  confessionContent: z.string(),
  collegeCode: z.string(),
  authorId: z.string(),
});
export type ModeratedComment = z.infer<typeof moderatedComment>;

const directMessageStatus = z.enum(['pending', 'approved', 'rejected']);
/**
 * A direct message as its sender or recipient sees it: session ids are the public ones chat shows.
 * `adminNote` is the moderator's note, shown to the sender once decided; the recipient only ever
 * sees approved messages, without the note.
 */
export const directMessage = z.strictObject({
  id: z.string(),
  content: z.string(),
  fromSessionId: z.string(),
  toSessionId: z.string(),
  status: directMessageStatus,
  adminNote: z.string().nullable(),
  createdAt: z.string(),
});
export type DirectMessage = z.infer<typeof directMessage>;
export const directMessageSent201 = directMessage.extend({ status: z.literal('pending'), remaining: z.number().int() });
export type DirectMessageSent201 = z.infer<typeof directMessageSent201>;
/**
 * A direct message as moderators see it: the same field names, but `fromSessionId` and
 * `toSessionId` hold the moderation pseudonyms of sender and recipient, as `authorId` does, never
 * their public session ids.
 */
export const moderatedDirectMessage = directMessage.extend({ collegeCode: z.string() });
export type ModeratedDirectMessage = z.infer<typeof moderatedDirectMessage>;

/** A reported random pair as moderators see it: both visitors by their 8-character chat pseudonyms. */
export const pairingReportItem = z.strictObject({
  id: z.string(),
  pairId: z.string(),
  collegeCode: z.string(),
  reason: z.string(),
  note: z.string().nullable(),
  createdAt: z.string(),
  reporterId: z.string(),
  reportedId: z.string(),
  /** The pair's last messages, oldest first, each sender by pseudonym. */
  transcript: z.array(
    z.strictObject({ id: z.string(), fromId: z.string(), content: z.string(), createdAt: z.string() }),
  ),
});
export type PairingReportItem = z.infer<typeof pairingReportItem>;
export const pairingReportResult = z.strictObject({ id: z.string(), status: z.enum(['dismissed', 'warned']) });
export type PairingReportResult = z.infer<typeof pairingReportResult>;

/** The figures of the admin dashboards, for one college or (chief, auditor) all of them. */
export const moderationStats = z.strictObject({
  collegeCode: z.string().nullable(),
  pendingConfessions: z.number().int(),
  pendingComments: z.number().int(),
  pendingDirectMessages: z.number().int(),
  reportedConfessions: z.number().int(),
  approvedConfessions: z.number().int(),
  rejectedConfessions: z.number().int(),
});
export type ModerationStats = z.infer<typeof moderationStats>;

/** An admin account as the management table shows it; never a password or hash. */
export const adminAccountView = authUser.extend({ status: z.enum(adminStatuses), createdAt: z.string() });
export type AdminAccountView = z.infer<typeof adminAccountView>;
