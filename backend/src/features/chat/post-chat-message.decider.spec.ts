import { describe, expect, it } from '@jest/globals';
import { limits, messages, type NewEvent } from '@secretchatbox/contracts';
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
const moderator = {
  kind: 'admin',
  moderator: { id: 'a1', role: 'normal', collegeCode: 'C001' },
  quotaDay: '2026-11-25',
} as const;
const used = (count: number, secondsAgo: (index: number) => number, sessionId = 's1'): NewEvent[] =>
  Array.from({ length: count }, (_, index) => ({
    type: 'ChatAllowanceUsed',
    data: {
      sessionId,
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
      .thenRefuses('daily_limit_reached', 'Daily limit reached', 43_200);
    spec(used(199, () => 3600))
      .when(command)
      .then(accepted);
  });

  it('refuses an 11th message within 10 seconds, saying when the oldest leaves the window', () => {
    spec(used(10, (index) => 9 - index * 0.5))
      .when(command)
      .thenRefuses('rate_limited', /too fast/, 1);
    spec(used(10, (index) => 4 - index * 0.1))
      .when(command)
      .thenRefuses('rate_limited', /too fast/, 6);
    spec(used(10, (index) => 10 + index))
      .when(command)
      .then(accepted);
  });

  it("marks a moderator's message and uses the moderator's own allowance", () => {
    spec([])
      .when({ ...command, sender: moderator })
      .then([
        { ...posted, data: { ...posted.data, sessionId: 'admin-a1', isAdmin: true } },
        {
          type: 'ChatAllowanceUsed',
          data: { sessionId: 'admin-a1', quotaDay: '2026-11-25', messageId: 'm9', sentAt: sentAt.toISOString() },
        },
      ]);
  });

  it("holds a moderator to the moderators' burst limit and daily allowance", () => {
    const { limit, windowSeconds } = limits.moderatorChatBurst;
    const sends = (count: number) => used(count, (index) => windowSeconds - 1 - index * 0.01, 'admin-a1');
    const asModerator = { ...command, sender: moderator, limits: { daily: 1000, dayEndsInSeconds: 43_200 } };
    spec(sends(limit - 1))
      .when(asModerator)
      .then([expect.objectContaining({ type: 'ChatMessagePosted' }) as never, accepted[1]!]);
    spec(sends(limit))
      .when(asModerator)
      .thenRefuses('rate_limited', /too fast/, 1);
    spec(used(1000, () => 3600, 'admin-a1'))
      .when(asModerator)
      .thenRefuses('daily_limit_reached', 'Daily limit reached', 43_200);
  });

  it("refuses a moderator outside the room's college, and lets the chief post anywhere", () => {
    const elsewhere = { ...moderator, moderator: { ...moderator.moderator, collegeCode: 'C002' } };
    spec([])
      .when({ ...command, sender: elsewhere })
      .thenRefuses('forbidden', messages.outOfScope);
    const chief = { ...moderator, moderator: { id: 'a1', role: 'chief', collegeCode: null } } as const;
    spec([])
      .when({ ...command, sender: chief })
      .then([expect.objectContaining({ type: 'ChatMessagePosted' }) as never, accepted[1]!]);
  });

  it('never stores one message twice', () => {
    spec([posted]).when(command).thenRefuses('conflict');
  });
});
