import { z } from 'zod';
import { nicknameSchema } from '../rules/schemas.js';
import { textSchema } from '../rules/text.js';
import type { ClientToServerEvents, ServerToClientEvents } from './events.js';

const roomId = textSchema({ min: { length: 1 }, max: { length: 64 } });

/**
 * The payload of every event a client sends, checked by the gateway before it acts: anything else
 * is refused (an ack with the message) or, for `typing`, dropped.
 */
export const clientEventSchemas = {
  joinRoom: roomId,
  typing: z.strictObject({ roomId, nickname: nicknameSchema.optional(), isTyping: z.boolean() }),
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
  messageRemoved: z.strictObject({ id: text, roomId: text }),
} as const satisfies Record<keyof ServerToClientEvents, z.ZodType>;
