import { it } from '@jest/globals';
import { answer, describeProjection, event } from '../testing/index.js';
import { commentsProjection } from './comments.js';
import { confessionsProjection } from './confessions.js';
import { directMessagesProjection } from './direct-messages.js';
import { moderationStats } from './moderation-stats.js';

const id = (n: number) => `6e000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const submitted = (n: number, collegeCode = 'C001') =>
  event('ConfessionSubmitted', {
    confessionId: id(n),
    collegeCode,
    category: 'secrets',
    content: 'I never read the syllabus',
    nickname: null,
  });
const reported = (n: number) =>
  event('ConfessionReported', { confessionId: id(n), sessionId: 'visitor-a', reason: 'other', note: null });
const commentOn = (n: number) =>
  event('CommentSubmitted', { commentId: id(n + 5), confessionId: id(n), content: 'Me too', nickname: null });
const board = [
  ...[1, 2, 3, 4].map((n) => submitted(n)),
  submitted(5, 'C002'),
  event('ConfessionApproved', { confessionId: id(2) }),
  event('ConfessionApproved', { confessionId: id(3) }),
  event('ConfessionRejected', { confessionId: id(4), reasonCode: 'spam', note: null }),
  reported(2),
  reported(3),
  event('ConfessionReportsReviewed', { confessionId: id(3), reportCount: 1 }),
  commentOn(2),
  commentOn(5),
  event('DirectMessageSent', {
    messageId: id(9),
    fromSessionId: 'visitor-a',
    toSessionId: 'visitor-b',
    collegeCode: 'C002',
    content: 'Hi',
  }),
];
const counts = {
  pendingConfessions: 1,
  approvedConfessions: 2,
  rejectedConfessions: 1,
  reportedConfessions: 1,
  pendingComments: 1,
  pendingDirectMessages: 0,
};

// Its figures read the tables of the confessions, comments and direct messages projections.
describeProjection(
  'moderation figures',
  [confessionsProjection, commentsProjection, directMessagesProjection],
  (spec) => {
    it("counts a college's queues and decisions; reviewed reports are not open", () =>
      spec.given(board).then(answer((db) => moderationStats(db, 'C001'), { collegeCode: 'C001', ...counts })));

    it('counts every college together', () =>
      spec.given(board).then(
        answer((db) => moderationStats(db, null), {
          ...counts,
          collegeCode: null,
          pendingConfessions: 2,
          pendingComments: 2,
          pendingDirectMessages: 1,
        }),
      ));

    it('leaves out a deleted confession, its open reports and its pending comments', () =>
      spec
        .given(board)
        .when([event('ConfessionDeleted', { confessionId: id(2), reasonCode: null, note: null })])
        .then(
          answer((db) => moderationStats(db, 'C001'), {
            ...counts,
            collegeCode: 'C001',
            approvedConfessions: 1,
            reportedConfessions: 0,
            pendingComments: 0,
          }),
        ));

    it('takes a decided direct message out of the queue', () =>
      spec
        .given(board)
        .when([event('DirectMessageModerated', { messageId: id(9), status: 'approved', adminNote: null })])
        .then(answer((db) => moderationStats(db, 'C002').then((stats) => stats.pendingDirectMessages), 0)));
  },
);
