import { describe, expect, it } from '@jest/globals';
import type { NewEvent } from '@secretchatbox/contracts';
import { givenEvents } from '../../common/event-sourcing/testing.js';
import { type PostChatMessage, postChatMessage } from './post-chat-message.decider.js';

const sentAt = new Date('2026-11-25T12:00:00.000Z');
const visitor = { kind: 'visitor', sessionId: 's1', quotaDay: '2026-11-25' } as const;
const command: PostChatMessage = {
  messageId: 'm9',
  roomId: 'r1',
  collegeCode: 'C001',
  sender: visitor,
  nickname: 'Owl',
  content: 'hello',
  sentAt,
  limits: { daily: 200, dayEndsInSeconds: 43_200 },
};
const used = (count: number, secondsAgo: (index: number) => number): NewEvent[] =>
  Array.from({ length: count }, (_, index) => ({
    type: 'ChatAllowanceUsed',
    data: {
      sessionId: 's1',
      quotaDay: '2026-11-25',
      messageId: `m${index}`,
      sentAt: new Date(sentAt.getTime() - secondsAgo(index) * 1000).toISOString(),
    },
  }));
const posted = {
  type: 'ChatMessagePosted',
  data: {
    messageId: 'm9',
    roomId: 'r1',
    collegeCode: 'C001',
    sessionId: 's1',
    nickname: 'Owl',
    content: 'hello',
    isAdmin: false,
    sentAt: sentAt.toISOString(),
  },
} as const;
const accepted = [posted, expect.objectContaining({ type: 'ChatAllowanceUsed' }) as never];
const spec = givenEvents(postChatMessage);

describe('posting a chat message', () => {
  it("stores a visitor's message with one use of the day's allowance", () => {
    spec([])
      .when(command)
      .then([
        posted,
        {
          type: 'ChatAllowanceUsed',
          data: { sessionId: 's1', quotaDay: '2026-11-25', messageId: 'm9', sentAt: sentAt.toISOString() },
        },
      ]);
  });

  it('refuses the 201st message of the day until the day ends', () => {
    spec(used(200, () => 3600))
      .when(command)
      .thenRefuses('limit_reached', 'Daily limit reached', 43_200);
    spec(used(199, () => 3600))
      .when(command)
      .then(accepted);
  });

  it('refuses an 11th message within 10 seconds, saying when the oldest leaves the window', () => {
    spec(used(10, (index) => 9 - index * 0.5))
      .when(command)
      .thenRefuses('limit_reached', /too fast/, 1);
    spec(used(10, (index) => 4 - index * 0.1))
      .when(command)
      .thenRefuses('limit_reached', /too fast/, 6);
    spec(used(10, (index) => 10 + index))
      .when(command)
      .then(accepted);
  });

  it("marks a moderator's message and uses no allowance", () => {
    spec([])
      .when({ ...command, sender: { kind: 'admin', adminId: 'a1' } })
      .then([{ ...posted, data: { ...posted.data, sessionId: 'admin-a1', isAdmin: true } }]);
  });

  it('never stores one message twice', () => {
    spec([posted]).when(command).thenRefuses('conflict');
  });
});
