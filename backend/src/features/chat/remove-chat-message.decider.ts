import { messages, type ReasonCode, streams } from '@secretchatbox/contracts';
import { conflict, notFound } from '../../common/errors.js';
import { appendsTo, evolverOf, unhandled } from '../../common/event-sourcing/decider.js';
import { assertInScope } from '../../identity/scope.js';
import type { ModerationDecider, Moderator } from '../../common/domain/moderation-decider.js';

export type ChatMessageState = Readonly<{
  roomId: string | null;
  collegeCode: string | null;
  removed: Readonly<{ reasonCode: ReasonCode | null }> | null;
}>;

export const evolveChatMessage = evolverOf(['chatMessage'], (state: ChatMessageState, event): ChatMessageState => {
  const { type } = event;
  switch (type) {
    case 'ChatMessagePosted':
      return { ...state, roomId: event.data.roomId, collegeCode: event.data.collegeCode };
    case 'ChatMessageRemoved':
      return { ...state, removed: { reasonCode: event.data.reasonCode } };
    default:
      return unhandled(type);
  }
});

export type RemoveChatMessage = Readonly<{
  messageId: string;
  reasonCode: ReasonCode | null;
  note: string | null;
  moderator: Moderator;
}>;

/** A moderator of the room's college takes a message down, once; a second removal is told of the first. */
export const removeChatMessage: ModerationDecider<RemoveChatMessage, ChatMessageState> = {
  streams: ({ messageId }) => [appendsTo(streams.chatMessage(messageId))],
  initialState: () => ({ roomId: null, collegeCode: null, removed: null }),
  evolve: evolveChatMessage,
  decide({ messageId, reasonCode, note, moderator }, { roomId, collegeCode, removed }) {
    if (roomId === null || collegeCode === null) throw notFound(messages.chatMessageNotFound);
    assertInScope(moderator, collegeCode);
    if (removed) throw conflict(messages.chatMessageAlreadyRemoved(removed.reasonCode));
    return [{ type: 'ChatMessageRemoved', data: { messageId, roomId, collegeCode, reasonCode, note } }];
  },
  collegeOf: (state) => state.collegeCode,
};
