import { z } from 'zod';
import { auditTargetTypes, moderationActions } from '../events/audit-targets.js';
import { adminRoles } from '../events/event.js';
import {
  adminStatuses,
  categories,
  directMessageDecisions,
  feedSorts,
  limits,
  moderationListViews,
  pairingReportActions,
  reasonCodes,
} from './limits.js';
import { messages } from './messages.js';
import { textSchema } from './text.js';

/** Optional nickname: blank means none; otherwise 3 to 20 characters after trimming. */
const nicknameLimits = {
  min: { length: limits.nickname.min, message: messages.nicknameTooShort },
  max: { length: limits.nickname.max, message: messages.nicknameTooLong },
};
export const nicknameSchema = textSchema(nicknameLimits);

/** An optional nickname where forms send an empty one when none is chosen. */
const optionalNicknameSchema = textSchema({ ...nicknameLimits, blankAllowed: true })
  .transform((nickname) => nickname || undefined)
  .optional();

export const collegeCodeSchema = textSchema({
  min: { length: 1, message: messages.unknownCollege },
  max: { length: 32, message: messages.unknownCollege },
});

export const roomsQuerySchema = z.strictObject({ collegeCode: collegeCodeSchema.optional() });

/** GET /api/stats: every college's figures, or one college's. */
export const statsQuerySchema = z.strictObject({ collegeCode: collegeCodeSchema.optional() });
export type StatsQuery = z.infer<typeof statsQuerySchema>;

export const loginRequestSchema = z.strictObject({
  username: textSchema({ min: { length: 1, message: messages.loginFieldsRequired }, max: { length: 100 } }),
  password: textSchema({
    trim: false,
    min: { length: 1, message: messages.loginFieldsRequired },
    max: { length: 1000 },
  }),
  college_id: textSchema({ max: { length: 64 } }).optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** POST bodies without a payload: nothing may be sent. */
export const emptyBodySchema = z.strictObject({});

/** POST /api/confessions. Nothing else may be sent, so no counter or status can be set from outside. */
export const confessionSubmissionSchema = z.strictObject({
  content: textSchema({
    required: messages.confessionTooShort,
    min: { length: limits.confession.min, message: messages.confessionTooShort },
    max: { length: limits.confession.max, message: messages.confessionTooLong },
  }),
  category: z.enum(categories, messages.categoryRequired),
  collegeCode: collegeCodeSchema,
  nickname: optionalNicknameSchema,
  isAnonymous: z.literal(true).optional(),
});
export type ConfessionSubmission = z.infer<typeof confessionSubmissionSchema>;

/** A page of a list read by cursor: the cursor an earlier page handed out, and how many items. */
const pageQuery = (size: Readonly<{ default: number; max: number }>) => ({
  cursor: textSchema({ trim: false, max: { length: 200 } }).optional(),
  limit: z.coerce.number().int().min(1).max(size.max).default(size.default),
});

/** GET /api/confessions. */
export const feedQuerySchema = z.strictObject({
  collegeCode: collegeCodeSchema.optional(),
  category: z.enum(categories, messages.categoryRequired).optional(),
  q: textSchema({ min: { length: 1 }, max: { length: 200 } }).optional(),
  sort: z.enum(feedSorts).default('newest'),
  ...pageQuery(limits.feedPage),
});
export type FeedQueryInput = z.infer<typeof feedQuerySchema>;

/** GET /api/confessions/featured: the feed's college and category. */
export const featuredQuerySchema = z.strictObject({
  collegeCode: collegeCodeSchema.optional(),
  category: z.enum(categories, messages.categoryRequired).optional(),
});
export type FeaturedQuery = z.infer<typeof featuredQuerySchema>;

const moderatorNote = textSchema({ max: { length: limits.moderationNote.max } });

/** Reject and delete take an optional reason code and note. */
export const moderationNoteSchema = z.strictObject({
  reasonCode: z.enum(reasonCodes).optional(),
  note: moderatorNote.optional(),
});
export type ModerationNote = z.infer<typeof moderationNoteSchema>;

/**
 * Reject: a pending confession by default; `takeDown` rejects a published one instead
 * (docs/product.md, Moderation), so that a moderator who meant a pending one never takes down what another approved.
 */
export const confessionRejectionSchema = moderationNoteSchema.extend({ takeDown: z.literal(true).optional() });
export type ConfessionRejection = z.infer<typeof confessionRejectionSchema>;

/** POST /api/confessions/{id}/comments. */
export const commentSubmissionSchema = z.strictObject({
  content: textSchema({
    required: messages.commentEmpty,
    min: { length: limits.comment.min, message: messages.commentEmpty },
    max: { length: limits.comment.max, message: messages.commentTooLong },
  }),
  nickname: optionalNicknameSchema,
});
export type CommentSubmission = z.infer<typeof commentSubmissionSchema>;

/** POST /api/confessions/{id}/report. */
export const reportSchema = z.strictObject({
  reason: z.enum(reasonCodes, messages.reasonRequired),
  note: textSchema({ max: { length: 500 } }).optional(),
});
export type ReportSubmission = z.infer<typeof reportSchema>;

/** Moderators' lists: one college, or (for roles that span colleges) every college when omitted. */
export const moderationQuerySchema = z.strictObject({ collegeCode: collegeCodeSchema.optional() });
export type ModerationQuery = z.infer<typeof moderationQuerySchema>;

/** GET /api/confessions/college/{code}: pending only, or every status (the default). */
export const collegeConfessionsQuerySchema = z.strictObject({ view: z.enum(moderationListViews).default('all') });
export type CollegeConfessionsQuery = z.infer<typeof collegeConfessionsQuerySchema>;

/** POST /api/admin/direct-messages/{id}/approve: anything but approved or rejected is refused. */
export const directMessageDecisionSchema = z.strictObject({
  status: z.enum(directMessageDecisions, messages.directMessageStatusInvalid),
  adminNote: moderatorNote.optional(),
});
export type DirectMessageDecisionInput = z.infer<typeof directMessageDecisionSchema>;

/** POST /api/direct-messages: the recipient is another visitor's public session id. */
export const directMessageSchema = z.strictObject({
  content: textSchema({
    required: messages.directMessageEmpty,
    min: { length: limits.directMessage.min, message: messages.directMessageEmpty },
    max: { length: limits.directMessage.max, message: messages.directMessageTooLong },
  }),
  toSessionId: textSchema({
    required: messages.recipientRequired,
    min: { length: 1, message: messages.recipientRequired },
    max: { length: 64, message: messages.recipientNotFound },
  }),
});
export type DirectMessageInput = z.infer<typeof directMessageSchema>;

/** POST /api/admin/pairing-reports/{id}/resolve. */
export const pairingReportDecisionSchema = z.strictObject({
  action: z.enum(pairingReportActions, messages.pairingReportActionInvalid),
  note: moderatorNote.optional(),
});
export type PairingReportDecisionInput = z.infer<typeof pairingReportDecisionSchema>;

const adminCollegeCode = collegeCodeSchema.nullable().optional();

/** POST /api/admins. The role defaults to normal; chief and auditor accounts have no college. */
export const createAdminSchema = z.strictObject({
  username: textSchema({
    required: messages.usernameInvalid,
    min: { length: limits.adminUsername.min, message: messages.usernameInvalid },
    max: { length: limits.adminUsername.max, message: messages.usernameInvalid },
    pattern: { regex: /^[\w.-]+$/, message: messages.usernameInvalid },
  }),
  password: textSchema({
    required: messages.adminPasswordTooShort,
    trim: false,
    min: { length: limits.adminPassword.min, message: messages.adminPasswordTooShort },
    max: { length: 1000 },
  }),
  collegeCode: adminCollegeCode,
  role: z.enum(adminRoles).default('normal'),
});
export type CreateAdminInput = z.infer<typeof createAdminSchema>;

/** PUT /api/admins/{id}: only the college changes (docs/product.md, Screens: the edit locks the username). */
export const updateAdminSchema = z.strictObject({ collegeCode: adminCollegeCode });
export type UpdateAdminInput = z.infer<typeof updateAdminSchema>;

export const adminStatusSchema = z.strictObject({ status: z.enum(adminStatuses, messages.adminStatusInvalid) });
export type AdminStatusInput = z.infer<typeof adminStatusSchema>;

const roomName = textSchema({
  required: messages.roomNameInvalid,
  min: { length: limits.roomName.min, message: messages.roomNameInvalid },
  max: { length: limits.roomName.max, message: messages.roomNameInvalid },
});

export const createRoomSchema = z.strictObject({ collegeCode: collegeCodeSchema, name: roomName });
export type CreateRoomInput = z.infer<typeof createRoomSchema>;
export const renameRoomSchema = z.strictObject({ name: roomName });
export type RenameRoomInput = z.infer<typeof renameRoomSchema>;

/** POST /api/chat/rooms/{id}/messages. `isPublic` is what the original client sends; every room message is public. */
/** What a visitor says in a room or to a random partner: 1 to 500 characters. */
export const roomMessageContentSchema = textSchema({
  required: messages.roomMessageEmpty,
  min: { length: limits.roomMessage.min, message: messages.roomMessageEmpty },
  max: { length: limits.roomMessage.max, message: messages.roomMessageTooLong },
});

export const chatMessageSchema = z.strictObject({
  content: roomMessageContentSchema,
  nickname: optionalNicknameSchema,
  isPublic: z.boolean().optional(),
});
export type ChatMessageInput = z.infer<typeof chatMessageSchema>;

/** GET /api/chat/rooms/{id}/messages: the latest page, or the page before `cursor`. */
export const chatHistoryQuerySchema = z.strictObject(pageQuery(limits.chatHistoryPage));
export type ChatHistoryQuery = z.infer<typeof chatHistoryQuerySchema>;

/** GET /api/admin/chat/messages: one room's recent messages, for moderators of its college. */
export const moderatedChatQuerySchema = z.strictObject({
  roomId: textSchema({
    min: { length: 1, message: messages.roomNotFound },
    max: { length: 64, message: messages.roomNotFound },
  }),
  ...pageQuery(limits.chatHistoryPage),
});
export type ModeratedChatQuery = z.infer<typeof moderatedChatQuerySchema>;

/** A moment as an ISO date and time (a date alone means its midnight, UTC). */
const auditTime = textSchema({ trim: false, max: { length: 64, message: messages.invalidAuditTime } })
  .pipe(z.union([z.iso.datetime({ offset: true }), z.iso.date()], { error: messages.invalidAuditTime }))
  .transform((text) => new Date(text).toISOString());

/** `from` before `to`, when both are given. */
const orderedRange = <T extends { from?: string; to?: string }>(range: T) =>
  range.from === undefined || range.to === undefined || range.from < range.to;

/** The moderation log's filters (GET /api/audit/log and /api/audit/export). */
const auditLogFilters = {
  collegeCode: collegeCodeSchema.optional(),
  actor: textSchema({ min: { length: 1 }, max: { length: 100 } }).optional(),
  action: z.enum(moderationActions, messages.unknownAuditAction).optional(),
  from: auditTime.optional(),
  to: auditTime.optional(),
};

export const auditLogQuerySchema = z
  .strictObject({ ...auditLogFilters, ...pageQuery(limits.auditLogPage) })
  .refine(orderedRange, { error: messages.auditRangeReversed, path: ['from'] });
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

export const auditExportFormats = ['csv', 'json'] as const;
export const auditExportQuerySchema = z
  .strictObject({ ...auditLogFilters, format: z.enum(auditExportFormats, messages.exportFormatRequired) })
  .refine(orderedRange, { error: messages.auditRangeReversed, path: ['from'] });
export type AuditExportQuery = z.infer<typeof auditExportQuerySchema>;

/** The kind of item in /api/audit/history/{type}/{id} and /api/audit/state/{type}/{id}. */
export const auditTargetTypeSchema = z.enum(auditTargetTypes, messages.unknownAuditItemType);

export const auditHistoryQuerySchema = z.strictObject(pageQuery(limits.auditHistoryPage));
export type AuditHistoryQuery = z.infer<typeof auditHistoryQuerySchema>;

export const auditStateQuerySchema = z.strictObject({ at: auditTime.optional() });
export type AuditStateQuery = z.infer<typeof auditStateQuerySchema>;

export const auditQueuesQuerySchema = z.strictObject({
  at: auditTime.optional(),
  collegeCode: collegeCodeSchema.optional(),
});
export type AuditQueuesQuery = z.infer<typeof auditQueuesQuerySchema>;

export const auditMetricsQuerySchema = z
  .strictObject({ from: auditTime.optional(), to: auditTime.optional(), collegeCode: collegeCodeSchema.optional() })
  .refine(orderedRange, { error: messages.auditRangeReversed, path: ['from'] });
export type AuditMetricsQuery = z.infer<typeof auditMetricsQuerySchema>;
