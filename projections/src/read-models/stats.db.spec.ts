import { it } from '@jest/globals';
import type { SqlExecutor } from '@secretchatbox/database';
import { answer, describeProjection, event } from '../testing/index.js';
import { commentsProjection } from './comments.js';
import { confessionsProjection } from './confessions.js';
import { platformStats } from './stats.js';
import { visitorSessionsProjection } from './visitor-sessions.js';

const yesterday = '7e000000-0000-4000-8000-000000000001';
const today = '7e000000-0000-4000-8000-000000000002';
const elsewhere = '7e000000-0000-4000-8000-000000000003';
const visitor = (sessionId: string) => ({ actor: { kind: 'visitor', sessionId } }) as const;
const submitted = (confessionId: string, collegeCode: string, sessionId: string, at: string) =>
  event(
    'ConfessionSubmitted',
    { confessionId, collegeCode, category: 'advice', content: 'Ask for help early', nickname: null },
    { ...visitor(sessionId), at },
  );
const approved = (confessionId: string) => event('ConfessionApproved', { confessionId });
const board = [
  submitted(yesterday, 'C001', 'visitor-a', '2026-11-22T12:00:00.000Z'),
  approved(yesterday),
  submitted(today, 'C001', 'visitor-b', '2026-11-23T09:00:00.000Z'),
  approved(today),
  submitted(elsewhere, 'C002', 'visitor-c', '2026-11-23T09:30:00.000Z'),
];
const activity = [
  event('ConfessionLiked', { confessionId: yesterday, sessionId: 'visitor-d' }),
  event('ConfessionLiked', { confessionId: today, sessionId: 'visitor-a' }),
  event(
    'CommentSubmitted',
    { commentId: '7f000000-0000-4000-8000-000000000001', confessionId: yesterday, content: 'Agreed', nickname: null },
    visitor('visitor-e'),
  ),
  event('VisitorSessionStarted', { sessionId: 'visitor-f' }),
];
const since = { dayStart: new Date('2026-11-23T00:00:00.000Z'), activeSince: new Date('2026-11-22T00:00:00.000Z') };
const statsOf = (collegeCode: string | null) => (db: SqlExecutor) => platformStats(db, since, collegeCode);

// Its figures read the tables of the confessions, comments and visitor sessions projections.
describeProjection(
  'platform figures',
  [confessionsProjection, commentsProjection, visitorSessionsProjection],
  (spec) => {
    it("counts every college's shown confessions, today's posts, likes and comments, and the active students", () =>
      spec
        .given(board)
        .when(activity)
        .then(
          answer(statsOf(null), {
            totalConfessions: 2,
            confessionsToday: 2,
            likesToday: 2,
            commentsToday: 1,
            activeStudents: 6,
          }),
        ));

    it("counts one college's alone, where a session belongs to no college", () =>
      spec
        .given(board)
        .when(activity)
        .then(
          answer(statsOf('C001'), {
            totalConfessions: 2,
            confessionsToday: 1,
            likesToday: 2,
            commentsToday: 1,
            activeStudents: 4,
          }),
          answer(statsOf('C002'), {
            totalConfessions: 0,
            confessionsToday: 1,
            likesToday: 0,
            commentsToday: 0,
            activeStudents: 1,
          }),
        ));

    it('counts a student who did several things once, and none who did nothing since', () =>
      spec
        .given([submitted(today, 'C001', 'visitor-a', '2026-11-23T09:00:00.000Z'), approved(today)])
        .when([event('ConfessionLiked', { confessionId: today, sessionId: 'visitor-a' })])
        .then(
          answer((db) => platformStats(db, since, null).then((stats) => stats.activeStudents), 1),
          answer(
            (db) =>
              platformStats(db, { ...since, activeSince: new Date('2026-11-24T00:00:00.000Z') }, null).then(
                (stats) => stats.activeStudents,
              ),
            0,
          ),
        ));
  },
);
