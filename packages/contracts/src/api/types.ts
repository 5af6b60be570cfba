import type { AdminRole } from '../events/event.js';
import type { AdminStatus } from '../rules/limits.js';

/** The uniform error answer of brief section 9. */
export type ErrorBody = {
  statusCode: number;
  error: string;
  message: string;
  fields?: Record<string, string>;
};

/**
 * A write that was stored but whose read models had not caught up when the server stopped waiting
 * (202): it is not lost, and reads show it shortly. `position` is where the write sits in the log;
 * what else is known of the write (an `id`, a session) comes alongside.
 */
export type AcceptedBody = {
  statusCode: 202;
  message: string;
  position: string;
  [known: string]: unknown;
};

export type College = { id: string; name: string; code: string };
export type ChatRoom = { id: string; name: string; collegeCode: string };

/**
 * A room message as everyone sees it (spec section 3). `sessionId` is the sender's public session
 * id, or `admin-{adminId}` for a moderator's message (`isAdmin`); `nickname` null shows as Anonymous.
 */
export type ChatMessage = {
  id: string;
  roomId: string;
  content: string;
  nickname: string | null;
  sessionId: string;
  createdAt: string;
  isAdmin: boolean;
};
export type ChatMessagePage = { items: ChatMessage[]; nextCursor: string | null };
/** A room message as moderators see it: the author by moderation pseudonym, never by session id. */
export type ModeratedChatMessage = Omit<ChatMessage, 'sessionId'> & { collegeCode: string; authorId: string };
export type ModeratedChatMessagePage = { items: ModeratedChatMessage[]; nextCursor: string | null };
export type ChatMessageRemoval = { id: string; roomId: string; status: 'removed' };

export type SessionCreated = { sessionToken: string; sessionId: string };
export type SessionView = { sessionId: string; collegeCode: string | null; nickname: string | null };

export type Allowance = { remaining: number; used: number; limit: number };
export type DailyLimit = Allowance & { resetsAt: string; chat: Allowance };

export type AuthUser = {
  id: string;
  username: string;
  role: AdminRole;
  collegeCode: string | null;
  collegeId: string | null;
};
export type LoginResponse = { sessionToken: string; user: AuthUser };

export type HealthReport = {
  /** `draining`: the instance has been told to stop (SIGTERM) and finishes what it has. */
  status: 'ok' | 'unavailable' | 'draining';
  checks: {
    eventStore: { ok: boolean; error?: string };
    projections: { ok: boolean; maxLagMs?: number; lagMs: Record<string, number>; error?: string };
    /** In Redis mode (REDIS_URL) only. */
    redis?: { ok: boolean; error?: string };
  };
};

export type ConfessionSubmitted201 = { id: string; status: 'pending'; remaining: number };
export type ConfessionItem = {
  id: string;
  content: string;
  category: string;
  nickname: string | null;
  collegeCode: string;
  likes: number;
  commentCount: number;
  createdAt: string;
  /** Whether the caller liked it; false without a session. */
  liked: boolean;
  /** Whether the caller reported it; false without a session. */
  reported: boolean;
};
export type ConfessionPage = { items: ConfessionItem[]; nextCursor: string | null };
/** Daily Featured: the most liked confession of the last 24 hours, else the newest; null when there is none. */
export type FeaturedConfession = { item: ConfessionItem | null };
export type ModerationResult = { id: string; status: 'approved' | 'rejected' };
export type LikeResult = { liked: boolean; likes: number };
export type CommentItem = { id: string; content: string; nickname: string | null; createdAt: string };
export type CommentSubmitted201 = { id: string; status: 'pending' };
export type ReportReceived = { status: 'received' };
export type PlatformStats = {
  totalConfessions: number;
  confessionsToday: number;
  likesToday: number;
  commentsToday: number;
  activeStudents: number;
};
/**
 * A confession as moderators see it. `authorId` is the author's moderation pseudonym: 8 characters
 * of a keyed hash of the session id, never the session id or a part of it.
 */
export type ModeratedConfession = Omit<ConfessionItem, 'liked' | 'reported'> & {
  status: 'pending' | 'approved' | 'rejected';
  reportedCount: number;
  /** Reviewed reports keep their count but leave the reported queue. */
  reportsReviewed: boolean;
  hidden: boolean;
  authorId: string;
  /** The open reports (those since the last dismissal), oldest first. */
  reports: ConfessionReportDetail[];
};
export type ConfessionReportDetail = { reason: string; note: string | null; reportedAt: string };
export type DeletionResult = { id: string; status: 'deleted' };
export type ReportHandling = { id: string; reportedCount: number; reportsReviewed: boolean; hidden: boolean };

/** A pending comment as moderators see it, with its confession's college and the author's moderation pseudonym. */
export type ModeratedComment = CommentItem & {
  confessionId: string;
  /** What the comment answers, as the public reads it. */
  confessionContent: string;
  collegeCode: string;
  authorId: string;
};

/**
 * The spec's field names (section 3), but `fromSessionId` and `toSessionId` hold the moderation
 * pseudonyms of sender and recipient, as `authorId` does, never their public session ids.
 */
export type ModeratedDirectMessage = {
  id: string;
  content: string;
  fromSessionId: string;
  toSessionId: string;
  collegeCode: string;
  status: 'pending' | 'approved' | 'rejected';
  adminNote: string | null;
  createdAt: string;
};

/**
 * A direct message as its sender or recipient sees it (spec section 3): session ids are the public
 * ones chat shows. `adminNote` is the moderator's note, shown to the sender once decided; the
 * recipient only ever sees approved messages, without the note.
 */
export type DirectMessage = {
  id: string;
  content: string;
  fromSessionId: string;
  toSessionId: string;
  status: 'pending' | 'approved' | 'rejected';
  adminNote: string | null;
  createdAt: string;
};
export type DirectMessageSent201 = DirectMessage & { status: 'pending'; remaining: number };

/** A reported random pair as moderators see it: both visitors by their 8-character moderation pseudonyms. */
export type PairingReportItem = {
  id: string;
  pairId: string;
  collegeCode: string;
  reason: string;
  note: string | null;
  createdAt: string;
  reporterId: string;
  reportedId: string;
  /** The pair's last messages, oldest first, each sender by pseudonym. */
  transcript: { id: string; fromId: string; content: string; createdAt: string }[];
};
export type PairingReportResult = { id: string; status: 'dismissed' | 'warned' };

/** The figures of the admin dashboards, for one college or (chief, auditor) all of them. */
export type ModerationStats = {
  collegeCode: string | null;
  pendingConfessions: number;
  pendingComments: number;
  pendingDirectMessages: number;
  reportedConfessions: number;
  approvedConfessions: number;
  rejectedConfessions: number;
};

/** An admin account as the management table shows it; never a password or hash. */
export type AdminAccountView = {
  id: string;
  username: string;
  role: AdminRole;
  collegeCode: string | null;
  collegeId: string | null;
  status: AdminStatus;
  createdAt: string;
};
