import { describe, it } from '@jest/globals';
import { limits, messages, type NewEvent } from '@secretchatbox/contracts';
import { givenEvents } from '../../common/event-sourcing/testing.js';
import {
  type EndPair,
  endPair,
  type MatchPair,
  matchPair,
  type SendPairMessage,
  sendPairMessage,
} from './pair.decider.js';

const quotaDay = '2026-11-25';
const sentAt = new Date('2026-11-25T12:00:00.000Z');
const match: MatchPair = { pairId: 'p1', collegeCode: 'C001', sessionIds: ['ann', 'ben'], quotaDay };
const matched = { type: 'PairMatched', data: match } as const;
const line = (index: number, fromSessionId = 'ann') => ({
  messageId: `m${index}`,
  fromSessionId,
  content: `line ${index}`,
  sentAt: new Date(sentAt.getTime() - 60_000 + index).toISOString(),
});
const sent = (index: number, fromSessionId?: string): NewEvent => ({
  type: 'PairMessageSent',
  data: { pairId: 'p1', ...line(index, fromSessionId) },
});
const ended = (reason: EndPair['reason'], endedBy: string): NewEvent => ({
  type: 'PairEnded',
  data: { pairId: 'p1', reason, endedBy, quotaDay },
});

describe('matching a pair', () => {
  const spec = givenEvents(matchPair);

  it('records the match the queue made, once', () => {
    spec([]).when(match).then([matched]);
    spec([matched]).when(match).thenRefuses('conflict', messages.alreadyCreated('pair'));
  });
});

describe('sending a message inside a pair', () => {
  const spec = givenEvents(sendPairMessage);
  const send: SendPairMessage = {
    pairId: 'p1',
    messageId: 'm9',
    sessionId: 'ann',
    quotaDay,
    content: 'hi',
    sentAt,
    limits: { daily: 200, dayEndsInSeconds: 43_200 },
  };
  const used = (count: number, secondsAgo: number): NewEvent[] =>
    Array.from({ length: count }, (_, index) => ({
      type: 'ChatAllowanceUsed',
      data: {
        sessionId: 'ann',
        quotaDay,
        messageId: `u${index}`,
        sentAt: new Date(sentAt.getTime() - secondsAgo * 1000).toISOString(),
      },
    }));

  it("stores the message with one use of the sender's chat allowance", () => {
    spec([matched])
      .when(send)
      .then([
        {
          type: 'PairMessageSent',
          data: { pairId: 'p1', messageId: 'm9', fromSessionId: 'ann', content: 'hi', sentAt: sentAt.toISOString() },
        },
        {
          type: 'ChatAllowanceUsed',
          data: { sessionId: 'ann', quotaDay, messageId: 'm9', sentAt: sentAt.toISOString() },
        },
      ]);
  });

  it('refuses a visitor outside the pair, and one whose pair ended or never was', () => {
    spec([matched])
      .when({ ...send, sessionId: 'cat' })
      .thenRefuses('conflict', messages.notPaired);
    spec([matched, ended('skipped', 'ben')])
      .when(send)
      .thenRefuses('conflict', messages.notPaired);
    spec([]).when(send).thenRefuses('conflict', messages.notPaired);
  });

  it("counts against the day's chat allowance and the burst limit, as room messages do", () => {
    spec([matched, ...used(200, 3600)])
      .when(send)
      .thenRefuses('daily_limit_reached', messages.dailyLimitReached, 43_200);
    spec([matched, ...used(limits.chatBurst.limit, 1)])
      .when(send)
      .thenRefuses('rate_limited', messages.chatTooFast);
  });
});

describe('ending a pair', () => {
  const spec = givenEvents(endPair);
  const end: EndPair = { pairId: 'p1', reason: 'skipped', sessionId: 'ann', quotaDay };
  const report = { reportId: 'r1', reason: 'harassment', note: 'rude' } as const;
  const filed = (transcript: readonly ReturnType<typeof line>[]): NewEvent => ({
    type: 'PairingReportFiled',
    data: {
      reportId: 'r1',
      pairId: 'p1',
      collegeCode: 'C001',
      reporterSessionId: 'ann',
      reportedSessionId: 'ben',
      reason: 'harassment',
      note: 'rude',
      transcript,
    },
  });

  it('ends it once, naming who ended it and why', () => {
    spec([matched])
      .when(end)
      .then([ended('skipped', 'ann')]);
    spec([matched, ended('left', 'ben')])
      .when(end)
      .thenRefuses('conflict', messages.notPaired);
  });

  it('refuses a visitor outside the pair, and a pair that never was', () => {
    spec([matched])
      .when({ ...end, sessionId: 'cat' })
      .thenRefuses('conflict', messages.notPaired);
    spec([]).when(end).thenRefuses('conflict', messages.notPaired);
  });

  it("files a report against the partner with the pair's messages, in the same append", () => {
    spec([matched, sent(1, 'ann'), sent(2, 'ben')])
      .when({ ...end, reason: 'reported', report })
      .then([ended('reported', 'ann'), filed([line(1, 'ann'), line(2, 'ben')])]);
  });

  it('carries only the last messages the transcript keeps', () => {
    const count = limits.pairTranscript + 3;
    const history = Array.from({ length: count }, (_, index) => sent(index));
    const kept = Array.from({ length: limits.pairTranscript }, (_, index) => line(index + 3));
    spec([matched, ...history])
      .when({ ...end, reason: 'reported', report })
      .then([ended('reported', 'ann'), filed(kept)]);
  });
});
