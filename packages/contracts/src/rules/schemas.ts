import { z } from 'zod';
import { limits } from './limits.js';
import { messages } from './messages.js';

/** Optional nickname: blank means none; otherwise 3 to 20 characters after trimming. */
export const nicknameSchema = z
  .string()
  .trim()
  .min(limits.nickname.min, messages.nicknameTooShort)
  .max(limits.nickname.max, messages.nicknameTooLong);

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
