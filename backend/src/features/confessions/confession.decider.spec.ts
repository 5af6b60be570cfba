import { describe, expect, it } from '@jest/globals';
import { AppError } from '../../common/errors.js';
import {
  decideLike,
  decideModeration,
  decideReport,
  decideReportHandling,
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
const fresh = { confession: { status: null, collegeCode: null }, session: { used: 0 }, network: { used: 0 } };
const moderator = { role: 'normal', collegeCode: 'C001' } as const;
const inCollege = (status: 'pending' | 'approved' | 'rejected' | 'deleted' | null, collegeCode = 'C001') => ({
  status,
  collegeCode,
});
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
    expect(decideModeration({ type: 'Approve', confessionId: 'c' }, inCollege('pending'), moderator)).toEqual([
      { type: 'ConfessionApproved', data: { confessionId: 'c' } },
    ]);
    expect(
      decideModeration(
        { type: 'Reject', confessionId: 'c', reasonCode: 'spam', note: null },
        inCollege('pending'),
        moderator,
      ),
    ).toEqual([{ type: 'ConfessionRejected', data: { confessionId: 'c', reasonCode: 'spam', note: null } }]);
  });

  it('tells a second moderator which decision was taken first', () => {
    expect(
      statusOf(() => decideModeration({ type: 'Approve', confessionId: 'c' }, inCollege('rejected'), moderator)),
    ).toEqual([409, 'This confession was already rejected', undefined]);
  });

  it('deletes in any status, once, with the reason', () => {
    const remove = { type: 'Delete', confessionId: 'c', reasonCode: 'harassment', note: 'named a student' } as const;
    for (const status of ['pending', 'approved', 'rejected'] as const) {
      expect(decideModeration(remove, inCollege(status), moderator)).toEqual([
        { type: 'ConfessionDeleted', data: { confessionId: 'c', reasonCode: 'harassment', note: 'named a student' } },
      ]);
    }
    expect(statusOf(() => decideModeration(remove, inCollege('deleted'), moderator))[0]).toBe(404);
  });

  it("refuses a moderator of another college, whatever the decision, but not the chief", () => {
    const elsewhere = inCollege('pending', 'C002');
    expect(statusOf(() => decideModeration({ type: 'Approve', confessionId: 'c' }, elsewhere, moderator))[0]).toBe(403);
    const chief = { role: 'chief', collegeCode: null } as const;
    expect(decideModeration({ type: 'Approve', confessionId: 'c' }, elsewhere, chief)).toHaveLength(1);
  });

  it('answers 404 for a confession that does not exist', () => {
    expect(statusOf(() => decideModeration({ type: 'Approve', confessionId: 'c' }, inCollege(null), moderator))[0]).toBe(
      404,
    );
  });
});

describe('liking a confession', () => {
  const like = { confessionId: 'c', sessionId: 's' };

  it('likes an approved confession, and a second like takes it back', () => {
    expect(decideLike(like, { confession: inCollege('approved'), like: { liked: false } })).toEqual([
      { type: 'ConfessionLiked', data: like },
    ]);
    expect(decideLike(like, { confession: inCollege('approved'), like: { liked: true } })).toEqual([
      { type: 'ConfessionUnliked', data: like },
    ]);
  });

  it('answers 404 for a confession that is not approved', () => {
    for (const status of [null, 'pending', 'rejected'] as const) {
      expect(statusOf(() => decideLike(like, { confession: inCollege(status), like: { liked: false } }))[0]).toBe(404);
    }
  });
});

describe('reporting a confession', () => {
  const report = { confessionId: 'c', sessionId: 's5', reason: 'spam', note: null } as const;
  const approved = inCollege('approved');
  const reports = (open: number, extra: Partial<{ hidden: boolean; reviewed: boolean; reporters: Set<string> }> = {}) => ({
    reporters: new Set(Array.from({ length: open }, (_, i) => `s${i}`)),
    open,
    hidden: false,
    reviewed: false,
    ...extra,
  });

  it('given fewer reports than the threshold, records the report only', () => {
    expect(decideReport(report, { confession: approved, reports: reports(3) }, 5)).toEqual([
      { type: 'ConfessionReported', data: report },
    ]);
  });

  it('given the report that reaches the threshold, hides the confession too', () => {
    expect(decideReport(report, { confession: approved, reports: reports(4) }, 5)).toEqual([
      { type: 'ConfessionReported', data: report },
      { type: 'ConfessionHidden', data: { confessionId: 'c', reportCount: 5 } },
    ]);
  });

  it('counts only the reports since the last dismissal toward hiding', () => {
    const dismissedEarlier = reports(1, { reporters: new Set(['s0', 's1', 's2', 's3']) });
    expect(decideReport(report, { confession: approved, reports: dismissedEarlier }, 5)).toHaveLength(1);
  });

  it('refuses a second report from the same visitor, and reports of confessions not shown', () => {
    const already = reports(1, { reporters: new Set(['s5']) });
    expect(statusOf(() => decideReport(report, { confession: approved, reports: already }, 5))[0]).toBe(409);
    expect(statusOf(() => decideReport(report, { confession: inCollege('pending'), reports: already }, 5))[0]).toBe(404);
  });
});

describe('handling reports', () => {
  const states = (open: number, reviewed = false) => ({
    confession: inCollege('approved'),
    reports: { reporters: new Set(['a', 'b']), open, hidden: open >= 5, reviewed },
  });

  it('reviews open reports once, keeping their count', () => {
    expect(decideReportHandling({ type: 'Review', confessionId: 'c' }, states(2), moderator)).toEqual([
      { type: 'ConfessionReportsReviewed', data: { confessionId: 'c', reportCount: 2 } },
    ]);
    expect(statusOf(() => decideReportHandling({ type: 'Review', confessionId: 'c' }, states(2, true), moderator))).toEqual(
      [409, 'This confession has no open reports', undefined],
    );
  });

  it('dismisses open reports, reviewed or not, and refuses when there are none', () => {
    expect(decideReportHandling({ type: 'Dismiss', confessionId: 'c' }, states(5, true), moderator)).toEqual([
      { type: 'ConfessionReportsDismissed', data: { confessionId: 'c', reportCount: 5 } },
    ]);
    expect(statusOf(() => decideReportHandling({ type: 'Dismiss', confessionId: 'c' }, states(0), moderator))[0]).toBe(409);
  });

  it("refuses a moderator of another college", () => {
    const elsewhere = { ...states(2), confession: inCollege('approved', 'C003') };
    expect(statusOf(() => decideReportHandling({ type: 'Dismiss', confessionId: 'c' }, elsewhere, moderator))[0]).toBe(403);
  });
});
