/** The product's constants (docs/product.md, Quotas); the one place they are defined. */
export const limits = {
  dailyConfessions: 5,
  /** Per network (docs/product.md, Quotas), so that minting sessions does not bypass the quota; configurable. */
  dailyConfessionsPerNetwork: 20,
  /** A visitor's chat messages per quota day (docs/api.md, the quota day). */
  dailyChatMessages: 200,
  /** A moderator's, in its own allowance: room for a busy day of announcements, not for a script. */
  dailyModeratorChatMessages: 1000,
  /** A visitor's direct messages per quota day (docs/product.md, Quotas); configurable (DIRECT_MESSAGE_DAILY_LIMIT). */
  dailyDirectMessages: 50,
  /** A visitor's messages list holds at most this many, newest first. */
  directMessageList: 200,
  /** A pairing report carries the pair's last this many messages. */
  pairTranscript: 50,
  /** And at most this many in any `windowSeconds`, decided in the same atomic append as the allowance. */
  chatBurst: { limit: 10, windowSeconds: 10 },
  /** A moderator's burst limit, decided the same way. */
  moderatorChatBurst: { limit: 30, windowSeconds: 10 },
  chatHistoryPage: { default: 50, max: 100 },
  /** A socket's `typing` starts are relayed at most once per this many ms; a stop always goes. */
  typingRelayIntervalMs: 1000,
  /**
   * Every event a socket sends, of any name, draws one token from a bucket of `burst` tokens that
   * refills at `perSecond`. An event without a token is dropped; a socket whose debt reaches
   * `closeAtDebt` (it kept sending well past the refill) is told why and closed. A student typing
   * fast sends about ten a second.
   */
  socketEventBudget: { burst: 60, perSecond: 20, closeAtDebt: 200 },
  /** The chat composer grows to at most this many rows (docs/product.md, Screens). */
  composerRows: 5,
  confession: { min: 10, max: 1000 },
  comment: { min: 1, max: 500 },
  roomMessage: { min: 1, max: 500 },
  nickname: { min: 3, max: 20 },
  directMessage: { min: 1, max: 1000 },
  adminPassword: { min: 10 },
  adminUsername: { min: 3, max: 32 },
  roomName: { min: 1, max: 40 },
  moderationNote: { max: 500 },
  feedPage: { default: 20, max: 100 },
  /** Moderators' lists show at most this many items; the oldest pending ones first in the queues. */
  moderationList: 500,
  /** Reports that hide a confession until a moderator acts; configurable (AUTO_HIDE_REPORTS). */
  autoHideReports: 5,
  auditLogPage: { default: 50, max: 200 },
  auditHistoryPage: { default: 200, max: 1000 },
  /** Each moderation queue as of a moment lists its oldest this many items (and counts them all). */
  auditQueueItems: 50,
  /** The charts' default span, back from now. */
  auditMetricsDays: 30,
} as const;

export type RateLimitRule = Readonly<{ bucket: string; limit: number; windowSeconds: number }>;

/**
 * Per-network limits (docs/product.md, Quotas). Generous, because a whole campus can share one address;
 * they stop scripted abuse, not students.
 */
export const rateLimits = {
  sessionCreation: { bucket: 'session-creation', limit: 60, windowSeconds: 600 },
  login: { bucket: 'login', limit: 20, windowSeconds: 600 },
  /**
   * Failed sign-ins (docs/api.md, "Sign-in lock-out"): strictly per username from one network, so that
   * guesses from elsewhere cannot lock a moderator out of their own network; per network, across
   * usernames; and per username from every network at a much higher threshold, past
   * `failedLoginDelays.after` with growing delays.
   */
  failedLoginsPerUsernameAndNetwork: { bucket: 'failed-login-username-network', limit: 5, windowSeconds: 900 },
  failedLoginsPerNetwork: { bucket: 'failed-login-network', limit: 10, windowSeconds: 900 },
  failedLoginsPerUsername: { bucket: 'failed-login-username', limit: 100, windowSeconds: 900 },
  /** Submissions are also held to the daily quotas; this stops bursts before they reach them. */
  confessions: { bucket: 'confessions', limit: 600, windowSeconds: 600 },
  likes: { bucket: 'likes', limit: 600, windowSeconds: 600 },
  comments: { bucket: 'comments', limit: 120, windowSeconds: 600 },
  reports: { bucket: 'reports', limit: 60, windowSeconds: 600 },
  /** Chat is held to each visitor's allowance; this stops a network flooding rooms with new sessions. */
  chatMessages: { bucket: 'chat-messages', limit: 3000, windowSeconds: 600 },
  /** Each visitor is held to the daily allowance; this stops a network sending from many new sessions. */
  directMessages: { bucket: 'direct-messages', limit: 300, windowSeconds: 600 },
  /** Every admin decision and account or room change; a busy moderator stays far below it. */
  adminWrites: { bucket: 'admin-writes', limit: 1200, windowSeconds: 600 },
  /** Exports and chain verifications each read the whole log; a few a minute are plenty for an auditor. */
  auditScans: { bucket: 'audit-scans', limit: 30, windowSeconds: 600 },
} as const satisfies Record<string, RateLimitRule>;

/**
 * Past `after` failed sign-ins for one username (from every network, in the window of
 * failedLoginsPerUsername), each further attempt waits before its password is checked:
 * `firstMs`, then twice as long each time, at most `maxMs`.
 */
export const failedLoginDelays = { after: 5, firstMs: 250, maxMs: 4000 } as const;

export const categories = ['crush', 'funny', 'secrets', 'rants', 'advice', 'academic'] as const;
export type Category = (typeof categories)[number];

/** Why content is refused or reported (docs/product.md, Confessions). */
export const reasonCodes = ['harassment', 'explicit', 'personal_info', 'spam', 'other'] as const;
export type ReasonCode = (typeof reasonCodes)[number];

export const feedSorts = ['newest', 'popular'] as const;

export const adminStatuses = ['active', 'inactive'] as const;
export type AdminStatus = (typeof adminStatuses)[number];

/** Why a pair ended: the partner is told this reason. */
export const pairEndReasons = ['skipped', 'blocked', 'reported', 'left', 'disconnected'] as const;
export type PairEndReason = (typeof pairEndReasons)[number];

/** What a moderator does with a pairing report. */
export const pairingReportActions = ['dismiss', 'warn'] as const;
export type PairingReportAction = (typeof pairingReportActions)[number];

/** The two outcomes a moderator may give a direct message (docs/api.md, Direct messages). */
export const directMessageDecisions = ['approved', 'rejected'] as const;
export type DirectMessageDecision = (typeof directMessageDecisions)[number];

/** Moderator views of a college's confessions: only the pending ones, those with open reports, or every status. */
export const moderationListViews = ['pending', 'reported', 'all'] as const;

export const defaultRoomName = 'General Chat';
/** How chat shows a message or a typist without a nickname. */
export const anonymousChatNickname = 'Anonymous';
/** How a confession or comment without a nickname reads (docs/product.md, Confessions). */
export const anonymousName = 'Anonymous User';
export const defaultCollegeCode = 'C001';
