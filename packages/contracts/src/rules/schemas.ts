import { z } from 'zod';
import { categories, feedSorts, limits, reasonCodes } from './limits.js';
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

/** Reject and delete take an optional reason code and note. */
export const moderationNoteSchema = z.strictObject({
  reasonCode: z.enum(reasonCodes).optional(),
  note: z.string().trim().max(500).optional(),
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
