import { z } from 'zod';
import { nicknameSchema } from '../rules/schemas.js';
import { textSchema } from '../rules/text.js';
import type { ClientToServerEvents } from './events.js';

const roomId = textSchema({ min: { length: 1 }, max: { length: 64 } });

/**
 * The payload of every event a client sends, checked by the gateway before it acts: anything else
 * is refused (an ack with the message) or, for `typing`, dropped.
 */
export const clientEventSchemas = {
  joinRoom: roomId,
  typing: z.strictObject({ roomId, nickname: nicknameSchema.optional(), isTyping: z.boolean() }),
} as const satisfies Record<keyof ClientToServerEvents, z.ZodType>;
