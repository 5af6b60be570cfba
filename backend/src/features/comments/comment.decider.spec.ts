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
      decideComment(submit, { confession: { status: 'approved' }, comment: { status: null, confessionId: null } }),
    ).toEqual([{ type: 'CommentSubmitted', data: submit }]);
  });

  it('given a confession that is not approved, answers 404', () => {
    for (const status of [null, 'pending', 'rejected'] as const) {
      expect(
        statusCodeOf(() =>
          decideComment(submit, { confession: { status }, comment: { status: null, confessionId: null } }),
        ),
      ).toBe(404);
    }
  });

  it('approves a pending comment once; a second decision is a conflict', () => {
    const pending = { status: 'pending', confessionId: 'c' } as const;
    expect(decideCommentModeration({ type: 'Approve', commentId: 'k' }, pending)).toEqual([
      { type: 'CommentApproved', data: { commentId: 'k', confessionId: 'c' } },
    ]);
    expect(
      statusCodeOf(() =>
        decideCommentModeration({ type: 'Approve', commentId: 'k' }, { ...pending, status: 'approved' }),
      ),
    ).toBe(409);
    expect(
      statusCodeOf(() =>
        decideCommentModeration({ type: 'Approve', commentId: 'k' }, { status: null, confessionId: null }),
      ),
    ).toBe(404);
  });
});
