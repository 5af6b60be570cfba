import type { ChatMessage } from '../api/types.js';

/**
 * Every socket.io event, both directions, by name: the gateway, the frontend's socket module and
 * the tests use these names, and the interfaces below type their payloads on both sides.
 */
export const socketEvents = {
  joinRoom: 'joinRoom',
  typing: 'typing',
  updateOnlineCount: 'updateOnlineCount',
  receiveMessage: 'receiveMessage',
  userTyping: 'userTyping',
  messageRemoved: 'messageRemoved',
} as const;

/** The answer to `joinRoom`: the socket is in the room, or stays where it was. */
export type JoinRoomAck = { ok: true; roomId: string } | { ok: false; message: string };
/** A typist's notice to its room; never stored. */
export type TypingNotice = { roomId: string; nickname?: string; isTyping: boolean };
/** What the others in the room hear of a typist. */
export type UserTyping = { nickname: string; isTyping: boolean };
export type MessageRemovedNotice = { id: string; roomId: string };

export interface ClientToServerEvents {
  joinRoom: (roomId: string, ack: (answer: JoinRoomAck) => void) => void;
  typing: (notice: TypingNotice) => void;
}

export interface ServerToClientEvents {
  /** Distinct visitors in the room (a visitor with several tabs counts once), on every instance. */
  updateOnlineCount: (online: number) => void;
  receiveMessage: (message: ChatMessage) => void;
  userTyping: (typing: UserTyping) => void;
  messageRemoved: (removed: MessageRemovedNotice) => void;
}

/** What a handshake sends: a visitor's or an admin's session token. */
export type SocketAuth = { token?: string };
