import { type DirectMessageAllowanceUsed, type DirectMessageSent, messages, streams } from '@secretchatbox/contracts';
import { conflict, dailyLimitReached } from '../../common/errors.js';
import { appendsTo, type Decider, evolveParts, evolverOf, unhandled } from '../../common/event-sourcing/decider.js';

export type SendDirectMessage = Readonly<{
  messageId: string;
  fromSessionId: string;
  toSessionId: string;
  /** The sender's college: its moderators decide on the message. */
  collegeCode: string;
  content: string;
  quotaDay: string;
  limits: Readonly<{ daily: number; dayEndsInSeconds: number }>;
}>;

export type DirectMessageSendState = Readonly<{ sent: DirectMessageSent['data'] | null; used: number }>;

const evolveSent = evolverOf(['directMessage'], (sent: DirectMessageSendState['sent'], event) => {
  const { type } = event;
  switch (type) {
    case 'DirectMessageSent':
      return event.data;
    case 'DirectMessageModerated':
      return sent;
    default:
      return unhandled(type);
  }
});
const evolveUsed = evolverOf(['directMessageAllowance'], (used: number, event) => {
  const { type } = event;
  switch (type) {
    case 'DirectMessageAllowanceUsed':
      return used + 1;
    default:
      return unhandled(type);
  }
});

/**
 * A message in a stream of its own, and one use of the sender's daily allowance in the same atomic
 * append: two sends at once cannot both take the last one.
 */
export const sendDirectMessage: Decider<
  SendDirectMessage,
  DirectMessageSendState,
  DirectMessageSent | DirectMessageAllowanceUsed
> = {
  streams: ({ messageId, fromSessionId, quotaDay }) => [
    appendsTo(streams.directMessage(messageId)),
    appendsTo(streams.directMessageAllowance(fromSessionId, quotaDay)),
  ],
  initialState: () => ({ sent: null, used: 0 }),
  evolve: evolveParts<DirectMessageSendState>({ sent: evolveSent, used: evolveUsed }),
  decide({ messageId, fromSessionId, toSessionId, collegeCode, content, quotaDay, limits }, state) {
    if (state.sent) throw conflict(messages.alreadyCreated('message'));
    if (state.used >= limits.daily) throw dailyLimitReached(messages.dailyLimitReached, limits.dayEndsInSeconds);
    return [
      { type: 'DirectMessageSent', data: { messageId, fromSessionId, toSessionId, collegeCode, content } },
      { type: 'DirectMessageAllowanceUsed', data: { sessionId: fromSessionId, quotaDay, messageId } },
    ];
  },
};
