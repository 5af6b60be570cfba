import { describe, expect, it } from '@jest/globals';
import { AppError } from '../../common/errors.js';
import {
  decideLike,
  decideModeration,
  decideReport,
  decideSubmission,
  type SubmitConfession,
} from './confession.decider.js';

const command: SubmitConfession = {
  confessionId: '0b7c9d3e-1f2a-4b5c-8d6e-7f8091a2b3c4',
  sessionId: 'session-1',
  networkKey: 'net-1',
  quotaDay: '2026-11-21',
  collegeCode: 'C001',
  category: 'funny',
  content: 'I wave at people who wave at someone behind me.',
  nickname: null,
};
const limits = { perSession: 5, perNetwork: 20, retryAfterSeconds: 3600 };
const fresh = { confession: { status: null }, session: { used: 0 }, network: { used: 0 } };
const statusOf = (fn: () => unknown): unknown[] => {
  try {
    fn();
  } catch (error) {
    return error instanceof AppError ? [error.statusCode, error.message, error.retryAfterSeconds] : [error];
  }
  return ['no error'];
};

describe('submitting a confession', () => {
  it('given an unused quota, records the confession and counts it for the visitor and the network', () => {
    const decided = decideSubmission(command, fresh, limits);
    expect(decided.confession).toEqual([
      {
        type: 'ConfessionSubmitted',
        data: {
          confessionId: command.confessionId,
          collegeCode: 'C001',
          category: 'funny',
          content: command.content,
          nickname: null,
        },
      },
    ]);
    expect(decided.session).toEqual([
      {
        type: 'ConfessionQuotaUsed',
        data: { sessionId: 'session-1', quotaDay: '2026-11-21', confessionId: command.confessionId },
      },
    ]);
    expect(decided.network).toEqual([
      {
        type: 'NetworkQuotaUsed',
        data: { networkKey: 'net-1', quotaDay: '2026-11-21', confessionId: command.confessionId },
      },
    ]);
  });

  it('given four used today, accepts the fifth; given five, refuses with 429 until the reset', () => {
    expect(() => decideSubmission(command, { ...fresh, session: { used: 4 } }, limits)).not.toThrow();
    expect(statusOf(() => decideSubmission(command, { ...fresh, session: { used: 5 } }, limits))).toEqual([
      429,
      'Daily limit reached',
      3600,
    ]);
  });

  it('given the network used its daily cap, refuses even a fresh session', () => {
    expect(statusOf(() => decideSubmission(command, { ...fresh, network: { used: 20 } }, limits))[0]).toBe(429);
  });
});

describe('moderating a confession', () => {
  it('approves or rejects a pending one', () => {
    expect(decideModeration({ type: 'Approve', confessionId: 'c' }, { status: 'pending' })).toEqual([
      { type: 'ConfessionApproved', data: { confessionId: 'c' } },
    ]);
    expect(
      decideModeration({ type: 'Reject', confessionId: 'c', reasonCode: 'spam', note: null }, { status: 'pending' }),
    ).toEqual([{ type: 'ConfessionRejected', data: { confessionId: 'c', reasonCode: 'spam', note: null } }]);
  });

  it('tells a second moderator which decision was taken first', () => {
    expect(statusOf(() => decideModeration({ type: 'Approve', confessionId: 'c' }, { status: 'rejected' }))).toEqual([
      409,
      'This confession was already rejected',
      undefined,
    ]);
  });

  it('answers 404 for a confession that does not exist', () => {
    expect(statusOf(() => decideModeration({ type: 'Approve', confessionId: 'c' }, { status: null }))[0]).toBe(404);
  });
});

describe('liking a confession', () => {
  const like = { confessionId: 'c', sessionId: 's' };

  it('likes an approved confession, and a second like takes it back', () => {
    expect(decideLike(like, { confession: { status: 'approved' }, like: { liked: false } })).toEqual([
      { type: 'ConfessionLiked', data: like },
    ]);
    expect(decideLike(like, { confession: { status: 'approved' }, like: { liked: true } })).toEqual([
      { type: 'ConfessionUnliked', data: like },
    ]);
  });

  it('answers 404 for a confession that is not approved', () => {
    for (const status of [null, 'pending', 'rejected'] as const) {
      expect(statusOf(() => decideLike(like, { confession: { status }, like: { liked: false } }))[0]).toBe(404);
    }
  });
});

describe('reporting a confession', () => {
  const report = { confessionId: 'c', sessionId: 's5', reason: 'spam', note: null } as const;
  const approved = { status: 'approved' } as const;
  const reporters = (count: number) => new Set(Array.from({ length: count }, (_, i) => `s${i}`));

  it('given fewer reports than the threshold, records the report only', () => {
    expect(
      decideReport(report, { confession: approved, reports: { reporters: reporters(3), hidden: false } }, 5),
    ).toEqual([{ type: 'ConfessionReported', data: report }]);
  });

  it('given the report that reaches the threshold, hides the confession too', () => {
    expect(
      decideReport(report, { confession: approved, reports: { reporters: reporters(4), hidden: false } }, 5),
    ).toEqual([
      { type: 'ConfessionReported', data: report },
      { type: 'ConfessionHidden', data: { confessionId: 'c', reportCount: 5 } },
    ]);
  });

  it('refuses a second report from the same visitor, and reports of confessions not shown', () => {
    const already = { reporters: new Set(['s5']), hidden: false };
    expect(statusOf(() => decideReport(report, { confession: approved, reports: already }, 5))[0]).toBe(409);
    expect(statusOf(() => decideReport(report, { confession: { status: 'pending' }, reports: already }, 5))[0]).toBe(
      404,
    );
  });
});
