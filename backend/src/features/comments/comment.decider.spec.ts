import { describe, expect, it } from '@jest/globals';
import { AppError } from '../../common/errors.js';
import { decideComment, decideCommentModeration } from './comment.decider.js';

const submit = { commentId: 'k', confessionId: 'c', content: 'Same here!', nickname: null };
const statusCodeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error instanceof AppError ? error.statusCode : -1;
  }
  return 0;
};

describe('commenting', () => {
  it('given an approved confession, records a pending comment', () => {
    expect(
      decideComment(submit, { confession: { status: 'approved', collegeCode: 'C001' }, comment: { status: null, confessionId: null } }),
    ).toEqual([{ type: 'CommentSubmitted', data: submit }]);
  });

  it('given a confession that is not approved, answers 404', () => {
    for (const status of [null, 'pending', 'rejected'] as const) {
      expect(
        statusCodeOf(() =>
          decideComment(submit, { confession: { status, collegeCode: 'C001' }, comment: { status: null, confessionId: null } }),
        ),
      ).toBe(404);
    }
  });

  it('approves a pending comment once; a second decision is a conflict', () => {
    const moderator = { role: 'normal', collegeCode: 'C001' } as const;
    const confession = { status: 'approved', collegeCode: 'C001' } as const;
    const pending = { comment: { status: 'pending', confessionId: 'c' }, confession } as const;
    expect(decideCommentModeration({ type: 'Approve', commentId: 'k' }, pending, moderator)).toEqual([
      { type: 'CommentApproved', data: { commentId: 'k', confessionId: 'c' } },
    ]);
    const approved = { ...pending, comment: { ...pending.comment, status: 'approved' } } as const;
    expect(statusCodeOf(() => decideCommentModeration({ type: 'Approve', commentId: 'k' }, approved, moderator))).toBe(409);
    const unknown = { confession, comment: { status: null, confessionId: null } };
    expect(statusCodeOf(() => decideCommentModeration({ type: 'Approve', commentId: 'k' }, unknown, moderator))).toBe(404);
    const elsewhere = { ...pending, confession: { ...confession, collegeCode: 'C002' } };
    expect(statusCodeOf(() => decideCommentModeration({ type: 'Approve', commentId: 'k' }, elsewhere, moderator))).toBe(403);
  });
});
