import { type DirectMessageDecision, messages, streams } from '@secretchatbox/contracts';
import { conflict, notFound } from '../../common/errors.js';
import { appendsTo, evolverOf, unhandled } from '../../common/event-sourcing/decider.js';
import { assertInScope } from '../../identity/scope.js';
import type { ModerationDecider, Moderator } from '../../common/domain/moderation-decider.js';

export type DirectMessageState = Readonly<{
  status: 'pending' | DirectMessageDecision | null;
  collegeCode: string | null;
}>;

const evolveDirectMessage = evolverOf(['directMessage'], (state: DirectMessageState, event): DirectMessageState => {
  const { type } = event;
  switch (type) {
    case 'DirectMessageSent':
      return { status: 'pending', collegeCode: event.data.collegeCode };
    case 'DirectMessageModerated':
      return { ...state, status: event.data.status };
    default:
      return unhandled(type);
  }
});

export type ModerateDirectMessage = Readonly<{
  messageId: string;
  status: DirectMessageDecision;
  adminNote: string | null;
  moderator: Moderator;
}>;

/** A moderator of the sender's college decides once; a second decision is told which was taken. */
export const moderateDirectMessage: ModerationDecider<ModerateDirectMessage, DirectMessageState> = {
  streams: ({ messageId }) => [appendsTo(streams.directMessage(messageId))],
  initialState: () => ({ status: null, collegeCode: null }),
  evolve: evolveDirectMessage,
  decide({ moderator, ...decision }, state) {
    if (state.status === null) throw notFound(messages.directMessageNotFound);
    assertInScope(moderator, state.collegeCode);
    if (state.status !== 'pending') throw conflict(messages.alreadyDecided('direct message', state.status));
    return [{ type: 'DirectMessageModerated', data: decision }];
  },
  collegeOf: (state) => state.collegeCode,
};
