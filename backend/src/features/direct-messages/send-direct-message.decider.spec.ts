import { describe, it } from '@jest/globals';
import { messages, type NewEvent } from '@secretchatbox/contracts';
import { givenEvents } from '../../common/event-sourcing/testing.js';
import { type SendDirectMessage, sendDirectMessage } from './send-direct-message.decider.js';

const command: SendDirectMessage = {
  messageId: 'm9',
  fromSessionId: 'alice',
  toSessionId: 'bob',
  collegeCode: 'C001',
  content: 'hello there',
  quotaDay: '2026-11-25',
  limits: { daily: 3, dayEndsInSeconds: 600 },
};
const used = (count: number): NewEvent[] =>
  Array.from({ length: count }, (_, index) => ({
    type: 'DirectMessageAllowanceUsed',
    data: { sessionId: 'alice', quotaDay: '2026-11-25', messageId: `m${index}` },
  }));
const spec = givenEvents(sendDirectMessage);

describe('sending a direct message', () => {
  it("records the pending message and one use of the sender's allowance", () => {
    spec(used(2))
      .when(command)
      .then([
        {
          type: 'DirectMessageSent',
          data: {
            messageId: 'm9',
            fromSessionId: 'alice',
            toSessionId: 'bob',
            collegeCode: 'C001',
            content: 'hello there',
          },
        },
        { type: 'DirectMessageAllowanceUsed', data: { sessionId: 'alice', quotaDay: '2026-11-25', messageId: 'm9' } },
      ]);
  });

  it('refuses a send past the daily allowance, saying when it is back', () => {
    spec(used(3)).when(command).thenRefuses('daily_limit_reached', messages.dailyLimitReached, 600);
  });

  it('refuses to send the same message twice', () => {
    const [sent] = sendDirectMessage.decide(command, sendDirectMessage.initialState());
    spec([sent!]).when(command).thenRefuses('conflict');
  });
});
