import {
  type ChatAllowanceUsed,
  type ChatMessage,
  type ChatMessagePosted,
  limits,
  messages,
  type NewEvent,
  streams,
} from '@secretchatbox/contracts';
import { conflict, limitReached } from '../../common/errors.js';
import { appendsTo, type Decider, evolveParts } from '../../common/event-sourcing/decider.js';
import { adminChatId } from '../../identity/chat-identity.js';

/** Who says it: a visitor, held to the chat allowance of the quota day, or a moderator, who is not. */
export type ChatSender =
  Readonly<{ kind: 'visitor'; sessionId: string; quotaDay: string }> | Readonly<{ kind: 'admin'; adminId: string }>;

export type AllowanceLimits = Readonly<{
  daily: number;
  /** Seconds until the quota day ends: when a used-up daily allowance is back. */
  dayEndsInSeconds: number;
}>;

/**
 * The burst limit comes from the contracts here, not with the command: the state keeps as many send
 * times as it counts, so its evolution and the decision must read the same figure.
 */
const burst = { limit: limits.chatBurst.limit, windowMs: limits.chatBurst.windowSeconds * 1000 };

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
export type AllowanceState = Readonly<{ used: number; recentSends: readonly number[] }>;

export const noAllowanceUsed: AllowanceState = { used: 0, recentSends: [] };

/** Keeps as many send times as the burst limit can count: older ones cannot matter. */
export function evolveAllowance(state: AllowanceState, event: NewEvent): AllowanceState {
  if (event.type !== 'ChatAllowanceUsed') return state;
  const recentSends = [...state.recentSends, Date.parse(event.data.sentAt)].slice(-burst.limit);
  return { used: state.used + 1, recentSends };
}

const evolveMessage = (message: PostedMessage | null, event: NewEvent) =>
  event.type === 'ChatMessagePosted' ? event.data : message;

/** Refuses a send past the day's allowance or the burst limit, saying when to try again. */
export function assertAllowed(
  { used, recentSends }: AllowanceState,
  now: number,
  { daily, dayEndsInSeconds }: AllowanceLimits,
) {
  if (used >= daily) throw limitReached(messages.dailyLimitReached, dayEndsInSeconds);
  const inWindow = recentSends.filter((sent) => sent > now - burst.windowMs);
  if (inWindow.length >= burst.limit) {
    const oldest = inWindow[inWindow.length - burst.limit]!;
    throw limitReached(messages.chatTooFast, Math.max(1, Math.ceil((oldest + burst.windowMs - now) / 1000)));
  }
}

/**
 * A room message, in a stream of its own, and for a visitor one use of the day's allowance in the
 * same atomic append: a race between one visitor's sends cannot pass either limit, and senders in
 * one room never contend for a stream.
 */
export const postChatMessage: Decider<PostChatMessage, ChatPostState, ChatMessagePosted | ChatAllowanceUsed> = {
  streams: ({ messageId, sender }) => [
    appendsTo(streams.chatMessage(messageId)),
    ...(sender.kind === 'visitor' ? [appendsTo(streams.chatAllowance(sender.sessionId, sender.quotaDay))] : []),
  ],
  initialState: () => ({ message: null, allowance: noAllowanceUsed }),
  evolve: evolveParts<ChatPostState>({ message: evolveMessage, allowance: evolveAllowance }),
  decide({ messageId, roomId, collegeCode, sender, nickname, content, sentAt, limits: allowed }, state) {
    if (state.message) throw conflict(messages.alreadyCreated('message'));
    const at = sentAt.toISOString();
    const posted: NewEvent<ChatMessagePosted> = {
      type: 'ChatMessagePosted',
      data: {
        messageId,
        roomId,
        collegeCode,
        sessionId: sender.kind === 'visitor' ? sender.sessionId : adminChatId(sender.adminId),
        nickname,
        content,
        isAdmin: sender.kind === 'admin',
        sentAt: at,
      },
    };
    if (sender.kind === 'admin') return [posted];
    assertAllowed(state.allowance, sentAt.getTime(), allowed);
    const { sessionId, quotaDay } = sender;
    return [posted, { type: 'ChatAllowanceUsed', data: { sessionId, quotaDay, messageId, sentAt: at } }];
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
