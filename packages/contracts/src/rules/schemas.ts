import { z } from 'zod';
import { adminRoles } from '../events/event.js';
import {
  adminStatuses,
  categories,
  directMessageDecisions,
  feedSorts,
  limits,
  moderationListViews,
  reasonCodes,
} from './limits.js';
import { messages } from './messages.js';

/** Optional nickname: blank means none; otherwise 3 to 20 characters after trimming. */
export const nicknameSchema = z
  .string()
  .trim()
  .min(limits.nickname.min, messages.nicknameTooShort)
  .max(limits.nickname.max, messages.nicknameTooLong);

/** An optional nickname where forms send an empty one when none is chosen. */
const optionalNicknameSchema = z.union([z.literal('').transform(() => undefined), nicknameSchema]).optional();

export const collegeCodeSchema = z.string().trim().min(1, messages.unknownCollege).max(32, messages.unknownCollege);

export const roomsQuerySchema = z.strictObject({ collegeCode: collegeCodeSchema.optional() });

export const loginRequestSchema = z.strictObject({
  username: z.string().trim().min(1, messages.loginFieldsRequired).max(100),
  password: z.string().min(1, messages.loginFieldsRequired).max(1000),
  college_id: z.string().trim().max(64).optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** POST bodies without a payload: nothing may be sent. */
export const emptyBodySchema = z.strictObject({});

/** POST /api/confessions. Nothing else may be sent, so no counter or status can be set from outside. */
export const confessionSubmissionSchema = z.strictObject({
  content: z
    .string(messages.confessionTooShort)
    .trim()
    .min(limits.confession.min, messages.confessionTooShort)
    .max(limits.confession.max, messages.confessionTooLong),
  category: z.enum(categories, messages.categoryRequired),
  collegeCode: collegeCodeSchema,
  nickname: optionalNicknameSchema,
  isAnonymous: z.literal(true).optional(),
});
export type ConfessionSubmission = z.infer<typeof confessionSubmissionSchema>;

/** GET /api/confessions. */
export const feedQuerySchema = z.strictObject({
  collegeCode: collegeCodeSchema.optional(),
  category: z.enum(categories, messages.categoryRequired).optional(),
  q: z.string().trim().min(1).max(200).optional(),
  sort: z.enum(feedSorts).default('newest'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(limits.feedPage.max).default(limits.feedPage.default),
});
export type FeedQueryInput = z.infer<typeof feedQuerySchema>;

const moderatorNote = z.string().trim().max(limits.moderationNote.max);

/** Reject and delete take an optional reason code and note. */
export const moderationNoteSchema = z.strictObject({
  reasonCode: z.enum(reasonCodes).optional(),
  note: moderatorNote.optional(),
});
export type ModerationNote = z.infer<typeof moderationNoteSchema>;

/** POST /api/confessions/{id}/comments. */
export const commentSubmissionSchema = z.strictObject({
  content: z
    .string(messages.commentEmpty)
    .trim()
    .min(limits.comment.min, messages.commentEmpty)
    .max(limits.comment.max, messages.commentTooLong),
  nickname: optionalNicknameSchema,
});
export type CommentSubmission = z.infer<typeof commentSubmissionSchema>;

/** POST /api/confessions/{id}/report. */
export const reportSchema = z.strictObject({
  reason: z.enum(reasonCodes, messages.reasonRequired),
  note: z.string().trim().max(500).optional(),
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

const adminCollegeCode = collegeCodeSchema.nullable().optional();

/** POST /api/admins. The role defaults to normal; chief and auditor accounts have no college. */
export const createAdminSchema = z.strictObject({
  username: z
    .string(messages.usernameInvalid)
    .trim()
    .min(limits.adminUsername.min, messages.usernameInvalid)
    .max(limits.adminUsername.max, messages.usernameInvalid)
    .regex(/^[\w.-]+$/, messages.usernameInvalid),
  password: z.string(messages.adminPasswordTooShort).min(limits.adminPassword.min, messages.adminPasswordTooShort).max(1000),
  collegeCode: adminCollegeCode,
  role: z.enum(adminRoles).default('normal'),
});
export type CreateAdminInput = z.infer<typeof createAdminSchema>;

/** PUT /api/admins/{id}: only the college changes (spec section 5). */
export const updateAdminSchema = z.strictObject({ collegeCode: adminCollegeCode });
export type UpdateAdminInput = z.infer<typeof updateAdminSchema>;

export const adminStatusSchema = z.strictObject({ status: z.enum(adminStatuses, messages.adminStatusInvalid) });
export type AdminStatusInput = z.infer<typeof adminStatusSchema>;

const roomName = z
  .string(messages.roomNameInvalid)
  .trim()
  .min(limits.roomName.min, messages.roomNameInvalid)
  .max(limits.roomName.max, messages.roomNameInvalid);

export const createRoomSchema = z.strictObject({ collegeCode: collegeCodeSchema, name: roomName });
export type CreateRoomInput = z.infer<typeof createRoomSchema>;
export const renameRoomSchema = z.strictObject({ name: roomName });
export type RenameRoomInput = z.infer<typeof renameRoomSchema>;
