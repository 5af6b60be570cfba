import {
  type ChatAllowanceUsed,
  type ChatMessage,
  type ChatMessagePosted,
  messages,
  streams,
} from '@secretchatbox/contracts';
import {
  type AllowanceLimits,
  type AllowanceState,
  assertAllowed,
  bursts,
  evolveAllowance,
  noAllowanceUsed,
} from '../../common/domain/chat-allowance.js';
import { conflict } from '../../common/errors.js';
import { appendsTo, type Decider, evolveParts, evolverOf, unhandled } from '../../common/event-sourcing/decider.js';
import { adminChatId } from '../../identity/chat-identity.js';
import { assertInScope } from '../../identity/scope.js';
import type { Moderator } from '../../common/domain/moderation-decider.js';

/**
 * Who says it, each held to an allowance of the quota day of its own: a visitor, or a moderator
 * of the room's college (the chief of any), with more room.
 */
export type ChatSender = Readonly<{ quotaDay: string }> &
  (
    | Readonly<{ kind: 'visitor'; sessionId: string }>
    | Readonly<{ kind: 'admin'; moderator: Moderator & { id: string } }>
  );

/** What the sender's messages carry, and whose allowance they use. */
const chatIdOf = (sender: ChatSender) =>
  sender.kind === 'visitor' ? sender.sessionId : adminChatId(sender.moderator.id);

export type PostChatMessage = Readonly<{
  messageId: string;
  roomId: string;
  collegeCode: string;
  sender: ChatSender;
  nickname: string | null;
  content: string;
  /** Now, as the clock tells it: the message's time, and the burst window's end. */
  sentAt: Date;
  limits: AllowanceLimits;
}>;

/** The message once stored, and the sender's sends of the day: how many, and the latest few. */
export type ChatPostState = Readonly<{ message: PostedMessage | null; allowance: AllowanceState }>;
export type PostedMessage = ChatMessagePosted['data'];

const evolveMessage = evolverOf(['chatMessage'], (message: PostedMessage | null, event) => {
  const { type } = event;
  switch (type) {
    case 'ChatMessagePosted':
      return event.data;
    case 'ChatMessageRemoved':
      return message;
    default:
      return unhandled(type);
  }
});

/**
 * A room message, in a stream of its own, and one use of the sender's allowance of the day in the
 * same atomic append: a race between one sender's sends cannot pass either limit, and senders in
 * one room never contend for a stream.
 */
export const postChatMessage: Decider<PostChatMessage, ChatPostState, ChatMessagePosted | ChatAllowanceUsed> = {
  streams: ({ messageId, sender }) => [
    appendsTo(streams.chatMessage(messageId)),
    appendsTo(streams.chatAllowance(chatIdOf(sender), sender.quotaDay)),
  ],
  initialState: () => ({ message: null, allowance: noAllowanceUsed }),
  evolve: evolveParts<ChatPostState>({ message: evolveMessage, allowance: evolveAllowance }),
  decide({ messageId, roomId, collegeCode, sender, nickname, content, sentAt, limits: allowed }, state) {
    if (sender.kind === 'admin') assertInScope(sender.moderator, collegeCode);
    if (state.message) throw conflict(messages.alreadyCreated('message'));
    assertAllowed(state.allowance, sentAt.getTime(), allowed, bursts[sender.kind]);
    const at = sentAt.toISOString();
    const sessionId = chatIdOf(sender);
    const isAdmin = sender.kind === 'admin';
    return [
      {
        type: 'ChatMessagePosted',
        data: { messageId, roomId, collegeCode, sessionId, nickname, content, isAdmin, sentAt: at },
      },
      { type: 'ChatAllowanceUsed', data: { sessionId, quotaDay: sender.quotaDay, messageId, sentAt: at } },
    ];
  },
};

/** A stored message as everyone sees it. */
export function chatMessageOf({
  messageId,
  roomId,
  content,
  nickname,
  sessionId,
  sentAt,
  isAdmin,
}: PostedMessage): ChatMessage {
  return { id: messageId, roomId, content, nickname, sessionId, createdAt: sentAt, isAdmin };
}
