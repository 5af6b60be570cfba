import { describe, it } from '@jest/globals';
import { givenEvents } from '../../common/event-sourcing/testing.js';
import { moderateComment, submitComment } from './comment.decider.js';

const submit = { commentId: 'k', confessionId: 'c', content: 'Same here!', nickname: null };
const submittedIn = (collegeCode: string) =>
  ({
    type: 'ConfessionSubmitted',
    data: { confessionId: 'c', collegeCode, category: 'funny', content: 'A confession of ten.', nickname: null },
  }) as const;
const approvedConfession = { type: 'ConfessionApproved', data: { confessionId: 'c' } } as const;
const confessionHidden = { type: 'ConfessionHidden', data: { confessionId: 'c', reportCount: 5 } } as const;
const commented = { type: 'CommentSubmitted', data: submit } as const;
const commentApproved = { type: 'CommentApproved', data: { commentId: 'k', confessionId: 'c' } } as const;

describe('commenting', () => {
  const spec = givenEvents(submitComment);

  it('given an approved confession, records a pending comment', () => {
    spec([submittedIn('C001'), approvedConfession])
      .when(submit)
      .then([commented]);
  });

  it('given a confession that is not shown, finds nothing to comment on', () => {
    spec([]).when(submit).thenRefuses('not_found', 'Confession not found');
    spec([submittedIn('C001')])
      .when(submit)
      .thenRefuses('not_found');
    spec([submittedIn('C001'), approvedConfession, confessionHidden])
      .when(submit)
      .thenRefuses('not_found', 'Confession not found');
  });
});

describe('moderating a comment', () => {
  const moderator = { role: 'normal', collegeCode: 'C001' } as const;
  const approve = { type: 'Approve', commentId: 'k', confessionId: 'c', moderator } as const;
  const spec = givenEvents(moderateComment);

  it('approves a pending comment once; a second decision is a conflict', () => {
    spec([submittedIn('C001'), approvedConfession, commented])
      .when(approve)
      .then([commentApproved]);
    spec([submittedIn('C001'), approvedConfession, commented, commentApproved])
      .when(approve)
      .thenRefuses('conflict', 'This comment was already approved');
  });

  it('refuses to publish a comment whose confession was taken down, and lets it be rejected', () => {
    const rejected = { type: 'ConfessionRejected', data: { confessionId: 'c', reasonCode: null, note: null } } as const;
    const deleted = { type: 'ConfessionDeleted', data: { confessionId: 'c', reasonCode: null, note: null } } as const;
    spec([submittedIn('C001'), approvedConfession, commented, rejected])
      .when(approve)
      .thenRefuses('conflict', "This comment's confession was rejected");
    spec([submittedIn('C001'), approvedConfession, commented, deleted])
      .when(approve)
      .thenRefuses('conflict', "This comment's confession was deleted");
    const reject = {
      type: 'Reject',
      commentId: 'k',
      confessionId: 'c',
      reasonCode: null,
      note: null,
      moderator,
    } as const;
    spec([submittedIn('C001'), approvedConfession, commented, deleted])
      .when(reject)
      .then([{ type: 'CommentRejected', data: { commentId: 'k', confessionId: 'c', reasonCode: null, note: null } }]);
  });

  it('rejects with a reason', () => {
    spec([submittedIn('C001'), approvedConfession, commented])
      .when({ type: 'Reject', commentId: 'k', confessionId: 'c', reasonCode: 'spam', note: 'ad', moderator })
      .then([{ type: 'CommentRejected', data: { commentId: 'k', confessionId: 'c', reasonCode: 'spam', note: 'ad' } }]);
  });

  it("finds no unknown comment, and refuses another college's", () => {
    spec([submittedIn('C001'), approvedConfession])
      .when(approve)
      .thenRefuses('not_found');
    spec([submittedIn('C002'), approvedConfession, commented])
      .when(approve)
      .thenRefuses('forbidden');
  });
});
