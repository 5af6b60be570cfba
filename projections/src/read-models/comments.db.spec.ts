import { it } from '@jest/globals';
import { answer, describeProjection, event, rows } from '../testing/index.js';
import { commentsProjection, findCommentConfessionId, listApprovedComments, listPendingComments } from './comments.js';
import { confessionsProjection } from './confessions.js';

const confessionId = '8c000000-0000-4000-8000-000000000001';
const otherConfessionId = '8c000000-0000-4000-8000-000000000002';
const commentId = '8d000000-0000-4000-8000-000000000001';
const secondCommentId = '8d000000-0000-4000-8000-000000000002';
const submittedIn = (id: string, collegeCode: string) =>
  event('ConfessionSubmitted', {
    confessionId: id,
    collegeCode,
    category: 'rants',
    content: 'Exams again',
    nickname: null,
  });
const confession = [submittedIn(confessionId, 'C001'), event('ConfessionApproved', { confessionId })];
const commented = event(
  'CommentSubmitted',
  { commentId, confessionId, content: 'Same here', nickname: 'Owl' },
  { actor: { kind: 'visitor', sessionId: 'visitor-a' }, at: '2026-11-23T10:00:00.000Z' },
);
const commentedElsewhere = event('CommentSubmitted', {
  commentId: secondCommentId,
  confessionId: otherConfessionId,
  content: 'Good luck',
  nickname: null,
});
const pseudonymOf = (sessionId: string) => `author-of-${sessionId}`;
const pendingIds = (collegeCode: string | null) => (db: Parameters<typeof listPendingComments>[0]) =>
  listPendingComments(db, collegeCode, 10, pseudonymOf).then((listed) => listed.map(({ id }) => id));

// The confessions projection runs too: the moderators' queue and the thread read confessions' rows.
describeProjection('comments', [commentsProjection, confessionsProjection], (spec) => {
  it('holds a comment for a decision, with its author, once however often it comes', () =>
    spec
      .given([...confession, commented])
      .when([commented])
      .then(
        rows('comments', [
          {
            id: commentId,
            confession_id: confessionId,
            author_session_id: 'visitor-a',
            status: 'pending',
            created_at: new Date('2026-11-23T10:00:00.000Z'),
          },
        ]),
        answer((db) => listApprovedComments(db, confessionId), []),
        answer((db) => findCommentConfessionId(db, commentId), confessionId),
      ));

  it("queues a college's pending comments for moderators, the author by pseudonym", () =>
    spec
      .given([...confession, submittedIn(otherConfessionId, 'C002')])
      .when([commented, commentedElsewhere])
      .then(
        answer(pendingIds('C001'), [commentId]),
        answer(pendingIds(null), [commentId, secondCommentId]),
        answer(
          (db) => listPendingComments(db, 'C001', 10, pseudonymOf).then((listed) => listed[0]?.authorId),
          'author-of-visitor-a',
        ),
      ));

  it('records an author that is not a visitor as unknown', () =>
    spec
      .given(confession)
      .when([commentedElsewhere])
      .then(rows('comments', [{ id: secondCommentId, author_session_id: 'unknown' }])));

  it('shows an approved comment under its confession and takes it out of the queue', () =>
    spec
      .given([...confession, commented])
      .when([event('CommentApproved', { commentId, confessionId })])
      .then(
        rows('comments', [{ id: commentId, status: 'approved' }]),
        answer(
          (db) => listApprovedComments(db, confessionId),
          [{ id: commentId, content: 'Same here', nickname: 'Owl', createdAt: '2026-11-23T10:00:00.000000Z' }],
        ),
        answer(pendingIds(null), []),
      ));

  it('never shows a rejected comment', () =>
    spec
      .given([...confession, commented])
      .when([event('CommentRejected', { commentId, confessionId, reasonCode: 'spam', note: null })])
      .then(
        rows('comments', [{ id: commentId, status: 'rejected' }]),
        answer((db) => listApprovedComments(db, confessionId), []),
        answer(pendingIds(null), []),
      ));

  it('has no thread for a confession not shown, and no queue for the comments of a deleted one', () =>
    spec
      .given([submittedIn(confessionId, 'C001'), commented])
      .when([event('ConfessionDeleted', { confessionId, reasonCode: null, note: null })])
      .then(
        answer((db) => listApprovedComments(db, confessionId), null),
        answer(pendingIds(null), []),
      ));
});
