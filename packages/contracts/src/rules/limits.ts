/** Business constants of product spec section 9 and the brief; the one place they are defined. */
export const limits = {
  dailyConfessions: 5,
  /** Per network (brief section 2), so that minting sessions does not bypass the quota; configurable. */
  dailyConfessionsPerNetwork: 20,
  dailyChatMessages: 200,
  confession: { min: 10, max: 1000 },
  comment: { min: 1, max: 500 },
  roomMessage: { min: 1, max: 500 },
  nickname: { min: 3, max: 20 },
  directMessage: { min: 1, max: 1000 },
  adminPassword: { min: 10 },
  feedPage: { default: 20, max: 100 },
  /** Reports that hide a confession until a moderator acts; configurable (AUTO_HIDE_REPORTS). */
  autoHideReports: 5,
} as const;

export type RateLimitRule = Readonly<{ bucket: string; limit: number; windowSeconds: number }>;

/**
 * Per-network limits (brief section 2). Generous, because a whole campus can share one address;
 * they stop scripted abuse, not students.
 */
export const rateLimits = {
  sessionCreation: { bucket: 'session-creation', limit: 60, windowSeconds: 600 },
  login: { bucket: 'login', limit: 20, windowSeconds: 600 },
  comments: { bucket: 'comments', limit: 120, windowSeconds: 600 },
  reports: { bucket: 'reports', limit: 60, windowSeconds: 600 },
} as const satisfies Record<string, RateLimitRule>;

export const categories = ['crush', 'funny', 'secrets', 'rants', 'advice', 'academic'] as const;
export type Category = (typeof categories)[number];

/** Why content is refused or reported (brief section 3). */
export const reasonCodes = ['harassment', 'explicit', 'personal_info', 'spam', 'other'] as const;
export type ReasonCode = (typeof reasonCodes)[number];

export const feedSorts = ['newest', 'popular'] as const;

export const defaultRoomName = 'General Chat';
export const defaultCollegeCode = 'C001';
