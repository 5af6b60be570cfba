import { describe, it } from '@jest/globals';
import { givenEvents } from '../../common/event-sourcing/testing.js';
import { moderateDirectMessage } from './direct-message.decider.js';

const moderator = { role: 'normal', collegeCode: 'C001' } as const;
const decision = { messageId: 'm', status: 'approved', adminNote: 'fine', moderator } as const;
const sentFrom = (collegeCode: string) =>
  ({
    type: 'DirectMessageSent',
    data: { messageId: 'm', fromSessionId: 'a', toSessionId: 'b', collegeCode, content: 'hello there' },
  }) as const;
const spec = givenEvents(moderateDirectMessage);

describe('moderating a direct message', () => {
  it("decides a pending message of the moderator's college once", () => {
    const moderated = {
      type: 'DirectMessageModerated',
      data: { messageId: 'm', status: 'approved', adminNote: 'fine' },
    } as const;
    spec([sentFrom('C001')])
      .when(decision)
      .then([moderated]);
    spec([sentFrom('C001'), { ...moderated, data: { ...moderated.data, status: 'rejected' } }])
      .when(decision)
      .thenRefuses('conflict', 'This direct message was already rejected');
  });

  it("refuses a message from another college's student, and finds no unknown one", () => {
    spec([sentFrom('C002')])
      .when(decision)
      .thenRefuses('forbidden');
    spec([]).when(decision).thenRefuses('not_found');
  });
});
