import { describe, it } from '@jest/globals';
import { givenEvents } from '../../common/event-sourcing/testing.js';
import { removeChatMessage } from './remove-chat-message.decider.js';

const posted = (collegeCode: string) =>
  ({
    type: 'ChatMessagePosted',
    data: {
      messageId: 'm1',
      roomId: 'r1',
      collegeCode,
      sessionId: 's1',
      nickname: null,
      content: 'hello',
      isAdmin: false,
      sentAt: '2026-11-25T12:00:00.000Z',
    },
  }) as const;
const removal = {
  messageId: 'm1',
  reasonCode: 'spam',
  note: 'links',
  moderator: { role: 'normal', collegeCode: 'C001' },
} as const;
const removed = {
  type: 'ChatMessageRemoved',
  data: { messageId: 'm1', roomId: 'r1', collegeCode: 'C001', reasonCode: 'spam', note: 'links' },
} as const;
const spec = givenEvents(removeChatMessage);

describe('removing a chat message', () => {
  it("removes a message of the moderator's college once, and names the first removal after", () => {
    spec([posted('C001')])
      .when(removal)
      .then([removed]);
    spec([posted('C001'), removed])
      .when(removal)
      .thenRefuses('conflict', 'This message was already removed (spam)');
  });

  it("refuses another college's message, and finds no unknown one", () => {
    spec([posted('C002')])
      .when(removal)
      .thenRefuses('forbidden');
    spec([]).when(removal).thenRefuses('not_found', 'Chat message not found');
    spec([posted('C002')])
      .when({ ...removal, moderator: { role: 'chief', collegeCode: null } })
      .then([{ ...removed, data: { ...removed.data, collegeCode: 'C002' } }]);
  });
});
