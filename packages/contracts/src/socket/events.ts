import type { ChatMessage } from '../api/answers.js';
import type { PairEndReason, ReasonCode } from '../rules/limits.js';

/**
 * Every socket.io event, both directions, by name: the gateway, the frontend's socket module and
 * the tests use these names, and the interfaces below type their payloads on both sides.
 */
export const socketEvents = {
  joinRoom: 'joinRoom',
  leaveRoom: 'leaveRoom',
  typing: 'typing',
  updateOnlineCount: 'updateOnlineCount',
  receiveMessage: 'receiveMessage',
  userTyping: 'userTyping',
  messageRemoved: 'messageRemoved',
  pairFind: 'pair:find',
  pairSend: 'pair:send',
  pairSkip: 'pair:skip',
  pairBlock: 'pair:block',
  pairReport: 'pair:report',
  pairLeave: 'pair:leave',
  pairWaiting: 'pair:waiting',
  pairMatched: 'pair:matched',
  pairMessage: 'pair:message',
  pairEnded: 'pair:ended',
  feedWatch: 'feed:watch',
  feedPublished: 'feed:published',
  closing: 'closing',
} as const;

/** The answer to `joinRoom`: the socket is in the room, or stays where it was. */
export type JoinRoomAck = { ok: true; roomId: string } | { ok: false; message: string };
/** A typist's notice to its room; never stored. The original client's field name `room` is taken for `roomId` too. */
export type TypingNotice = { roomId: string; nickname?: string; isTyping: boolean };
/** What the others in the room hear of a typist. */
export type UserTyping = { nickname: string; isTyping: boolean };
export type ClosingNotice = { message: string };
export type MessageRemovedNotice = { id: string; roomId: string };

/** Asks for a random partner of the same college; `nickname` is what the partner will see. */
export type PairFindRequest = { collegeCode: string; nickname?: string };
/** Matched at once, or waiting for the next visitor of the college; refused with the reason. */
export type PairFindAck = { status: 'waiting' | 'matched' } | { status: 'refused'; message: string };
/** The answer to every other pairing request: done, or refused with the reason. */
export type PairAck = { ok: true } | { ok: false; message: string; retryAfterSeconds?: number };
export type PairReportRequest = { reason: ReasonCode; note?: string };
export type PairPartner = { sessionId: string; nickname: string | null };
export type PairMatchedNotice = { pairId: string; partner: PairPartner };
export type PairMessage = { id: string; content: string; fromSessionId: string; createdAt: string };
export type PairEndedNotice = { reason: PairEndReason };

/** Asks to hear of the confessions a college's feed gains; a socket watches one feed at a time. */
export type FeedWatchRequest = { collegeCode: string };
export type FeedWatchAck = { ok: true } | { ok: false; message: string };
/**
 * A confession newly shown in a college's feed (approved), for the board to offer, with where its
 * approval sits in the log: a read that names it (`readAfterHeader`) shows it through any instance.
 */
export type ConfessionPublishedNotice = { id: string; collegeCode: string; position: string };

export interface ClientToServerEvents {
  joinRoom: (roomId: string, ack: (answer: JoinRoomAck) => void) => void;
  /**
   * Out of the chat room, if the socket is still in that one (the student left the chat; the
   * socket may stay connected for the feed).
   */
  leaveRoom: (roomId: string) => void;
  typing: (notice: TypingNotice) => void;
  'pair:find': (request: PairFindRequest, ack: (answer: PairFindAck) => void) => void;
  'pair:send': (message: { content: string }, ack: (answer: PairAck) => void) => void;
  'pair:skip': (ack: (answer: PairAck) => void) => void;
  'pair:block': (ack: (answer: PairAck) => void) => void;
  'pair:report': (report: PairReportRequest, ack: (answer: PairAck) => void) => void;
  'pair:leave': (ack: (answer: PairAck) => void) => void;
  'feed:watch': (request: FeedWatchRequest, ack: (answer: FeedWatchAck) => void) => void;
}

export interface ServerToClientEvents {
  /** Distinct visitors in the room (a visitor with several tabs counts once), on every instance. */
  updateOnlineCount: (online: number) => void;
  receiveMessage: (message: ChatMessage) => void;
  userTyping: (typing: UserTyping) => void;
  messageRemoved: (removed: MessageRemovedNotice) => void;
  'pair:waiting': () => void;
  /** To both visitors, each told of the other. */
  'pair:matched': (matched: PairMatchedNotice) => void;
  /** To both visitors, the sender's own message included. */
  'pair:message': (message: PairMessage) => void;
  /** To the partner of the visitor who ended it (and to that visitor's other tabs). */
  'pair:ended': (ended: PairEndedNotice) => void;
  /** To every socket watching the college's feed, once the confession can be read. */
  'feed:published': (published: ConfessionPublishedNotice) => void;
  /** Why the server is about to close this socket (it will not reconnect by itself). */
  closing: (notice: ClosingNotice) => void;
}

/** What a handshake sends: a visitor's or an admin's session token. */
export type SocketAuth = { token?: string };

/**
 * The `data` of a handshake's `connect_error` when the server refused it, with the status a REST
 * call would have had: 401 for a token the server does not know (the session is gone), 429 for a
 * network holding as many sockets as it may, 503 for a full instance. The message says it in words.
 */
export type HandshakeRefusal = { statusCode: 401 | 429 | 503 };
