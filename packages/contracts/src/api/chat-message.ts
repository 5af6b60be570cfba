import type { ChatMessage } from './answers.js';

/** A chat message's own fields, out of a record that carries more (a row, a 202 answer). */
export function chatMessageFields({
  id,
  roomId,
  content,
  nickname,
  sessionId,
  createdAt,
  isAdmin,
}: ChatMessage): ChatMessage {
  return { id, roomId, content, nickname, sessionId, createdAt, isAdmin };
}
