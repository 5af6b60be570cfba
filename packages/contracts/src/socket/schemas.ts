import { z } from 'zod';
import { writePositionPattern } from '../api/headers.js';
import { pairEndReasons } from '../rules/limits.js';
import { collegeCodeSchema, nicknameSchema, reportSchema, roomMessageContentSchema } from '../rules/schemas.js';
import { textSchema } from '../rules/text.js';
import type { ClientToServerEvents, ServerToClientEvents } from './events.js';

const roomId = textSchema({ min: { length: 1 }, max: { length: 64 } });

const typingState = { nickname: nicknameSchema.optional(), isTyping: z.boolean() };

/**
 * The payload of every event a client sends, checked by the gateway before it acts: anything else
 * is refused (an ack with the message) or, for `typing`, dropped.
 */
export const clientEventSchemas = {
  joinRoom: roomId,
  leaveRoom: roomId,
  typing: z.union([
    z.strictObject({ roomId, ...typingState }),
    // The original client names the field `room`: a client written like it is understood too.
    z.strictObject({ room: roomId, ...typingState }).transform(({ room, ...notice }) => ({
      roomId: room,
      ...notice,
    })),
  ]),
  'pair:find': z.strictObject({ collegeCode: collegeCodeSchema, nickname: nicknameSchema.optional() }),
  'pair:send': z.strictObject({ content: roomMessageContentSchema }),
  'pair:skip': z.undefined(),
  'pair:block': z.undefined(),
  'pair:report': reportSchema,
  'pair:leave': z.undefined(),
  'feed:watch': z.strictObject({ collegeCode: collegeCodeSchema }),
} as const satisfies Record<keyof ClientToServerEvents, z.ZodType>;

const text = z.string();

/**
 * The payload of every event the server sends, as its type in events.ts says: the tests hold every
 * push they hear to these.
 */
export const serverEventSchemas = {
  updateOnlineCount: z.number().int().min(0),
  receiveMessage: z.strictObject({
    id: text,
    roomId: text,
    content: text,
    nickname: text.nullable(),
    sessionId: text,
    createdAt: z.iso.datetime(),
    isAdmin: z.boolean(),
  }),
  userTyping: z.strictObject({ nickname: text, isTyping: z.boolean() }),
  closing: z.strictObject({ message: text }),
  messageRemoved: z.strictObject({ id: text, roomId: text }),
  'pair:waiting': z.undefined(),
  'pair:matched': z.strictObject({
    pairId: text,
    partner: z.strictObject({ sessionId: text, nickname: text.nullable() }),
  }),
  'pair:message': z.strictObject({ id: text, content: text, fromSessionId: text, createdAt: z.iso.datetime() }),
  'pair:ended': z.strictObject({ reason: z.enum(pairEndReasons) }),
  'feed:published': z.strictObject({ id: text, collegeCode: text, position: z.string().regex(writePositionPattern) }),
} as const satisfies Record<keyof ServerToClientEvents, z.ZodType>;
