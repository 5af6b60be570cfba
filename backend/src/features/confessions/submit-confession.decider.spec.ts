import { describe, it } from '@jest/globals';
import { givenEvents } from '../../common/event-sourcing/testing.js';
import { type SubmitConfession, submitConfession } from './submit-confession.decider.js';

const confessionId = '0b7c9d3e-1f2a-4b5c-8d6e-7f8091a2b3c4';
const command: SubmitConfession = {
  confessionId,
  sessionId: 'session-1',
  networkKey: 'net-1',
  quotaDay: '2026-11-21',
  collegeCode: 'C001',
  category: 'funny',
  content: 'I wave at people who wave at someone behind me.',
  nickname: null,
  limits: { perSession: 5, perNetwork: 20, retryAfterSeconds: 3600 },
};
const submitted = {
  type: 'ConfessionSubmitted',
  data: { confessionId, collegeCode: 'C001', category: 'funny', content: command.content, nickname: null },
} as const;
const usedBySession = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    type: 'ConfessionQuotaUsed' as const,
    data: { sessionId: 'session-1', quotaDay: '2026-11-21', confessionId: `earlier-${i}` },
  }));
const usedByNetwork = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    type: 'NetworkQuotaUsed' as const,
    data: { networkKey: 'net-1', quotaDay: '2026-11-21', confessionId: `other-${i}` },
  }));
const spec = givenEvents(submitConfession);

describe('submitting a confession', () => {
  it('given an unused quota, records the confession and counts it for the visitor and the network', () => {
    spec([])
      .when(command)
      .then([
        submitted,
        { type: 'ConfessionQuotaUsed', data: { sessionId: 'session-1', quotaDay: '2026-11-21', confessionId } },
        { type: 'NetworkQuotaUsed', data: { networkKey: 'net-1', quotaDay: '2026-11-21', confessionId } },
      ]);
  });

  it('given four used today, accepts the fifth; given five, refuses until the reset', () => {
    spec(usedBySession(4)).when(command).then(expect3Events());
    spec(usedBySession(5)).when(command).thenRefuses('daily_limit_reached', 'Daily limit reached', 3600);
  });

  it('given the network used its daily cap, refuses even a fresh session', () => {
    spec(usedByNetwork(20))
      .when(command)
      .thenRefuses('daily_limit_reached', /network/);
  });

  it('given the same confession already submitted, refuses it', () => {
    spec([submitted]).when(command).thenRefuses('conflict');
  });

  it('ignores event types it does not know, as an older instance must during a rolling deploy', () => {
    const unknown = { type: 'ConfessionTranslated', data: { confessionId } } as never;
    spec([unknown, ...usedBySession(4)])
      .when(command)
      .then(expect3Events());
  });
});

function expect3Events() {
  return [
    submitted,
    { type: 'ConfessionQuotaUsed', data: { sessionId: 'session-1', quotaDay: '2026-11-21', confessionId } },
    { type: 'NetworkQuotaUsed', data: { networkKey: 'net-1', quotaDay: '2026-11-21', confessionId } },
  ] as const;
}
