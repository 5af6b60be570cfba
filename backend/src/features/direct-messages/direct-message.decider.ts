import {
  type DirectMessageDecision,
  type DirectMessageModerated,
  type DirectMessageSent,
  messages,
} from '@secretchatbox/contracts';
import { conflict, notFound } from '../../common/errors.js';
import type { NewEvent, StreamView } from '../../common/event-sourcing/decider.js';
import { assertInScope } from '../../identity/scope.js';
import type { Moderator } from '../confessions/confession.decider.js';

export type DirectMessageState = Readonly<{
  status: 'pending' | DirectMessageDecision | null;
  collegeCode: string | null;
}>;

export const directMessageStream = (messageId: string) => `directMessage-${messageId}`;

export function directMessageView(
  messageId: string,
): StreamView<DirectMessageSent | DirectMessageModerated, DirectMessageState> {
  return {
    streamId: directMessageStream(messageId),
    initialState: () => ({ status: null, collegeCode: null }),
    evolve(state, event) {
      switch (event.type) {
        case 'DirectMessageSent':
          return { status: 'pending', collegeCode: event.data.collegeCode };
        case 'DirectMessageModerated':
          return { ...state, status: event.data.status };
      }
    },
  };
}

export type ModerateDirectMessage = Readonly<{
  messageId: string;
  status: DirectMessageDecision;
  adminNote: string | null;
}>;

/** A moderator of the sender's college decides once; a second decision is told which was taken. */
export function decideDirectMessage(
  command: ModerateDirectMessage,
  state: DirectMessageState,
  moderator: Moderator,
): NewEvent[] {
  if (state.status === null) throw notFound(messages.directMessageNotFound);
  assertInScope(moderator, state.collegeCode);
  if (state.status !== 'pending') throw conflict(`This direct message was already ${state.status}`);
  return [{ type: 'DirectMessageModerated', data: { ...command } }];
}
