import { it } from '@jest/globals';
import type { Actor } from '@secretchatbox/contracts';
import type { SqlExecutor } from '@secretchatbox/database';
import { answer, batchReports, describeProjection, event, rows } from '../testing/index.js';
import {
  confessionsProjection,
  findApprovedConfessions,
  listApprovedConfessions,
  listCollegeConfessions,
  listPendingConfessions,
  viewerMarksAmong,
} from './confessions.js';

const confessionId = '7c000000-0000-4000-8000-000000000001';
const otherId = '7c000000-0000-4000-8000-000000000002';
const author: Actor = { kind: 'visitor', sessionId: 'visitor-author' };
const submittedAt = '2026-11-23T10:00:00.000Z';
const decidedAt = '2026-11-23T11:00:00.000Z';
const submitted = event(
  'ConfessionSubmitted',
  { confessionId, collegeCode: 'C001', category: 'funny', content: 'I sleep in the library', nickname: 'Owl' },
  { actor: author, at: submittedAt },
);
const submittedElsewhere = event(
  'ConfessionSubmitted',
  {
    confessionId: otherId,
    collegeCode: 'C002',
    category: 'crush',
    content: 'The barista knows my name',
    nickname: null,
  },
  { actor: { kind: 'visitor', sessionId: 'visitor-other' } },
);
const approved = event('ConfessionApproved', { confessionId }, { at: decidedAt });
const approvedElsewhere = event('ConfessionApproved', { confessionId: otherId });
const liked = (sessionId: string) => event('ConfessionLiked', { confessionId, sessionId });
const unliked = (sessionId: string) => event('ConfessionUnliked', { confessionId, sessionId });
const reported = (sessionId: string) =>
  event(
    'ConfessionReported',
    { confessionId, sessionId, reason: 'spam', note: null },
    { at: '2026-11-23T12:00:00.000Z' },
  );
const reviewed = event('ConfessionReportsReviewed', { confessionId, reportCount: 2 });
const hidden = event('ConfessionHidden', { confessionId, reportCount: 1 });
const shown = [submitted, approved];
const pseudonymOf = (sessionId: string) => `author-of-${sessionId}`;
/** The ids of the feed (newest first), of one college or every college. */
const feedIds = (collegeCode?: string) => (db: SqlExecutor) =>
  listApprovedConfessions(db, { collegeCode, sort: 'newest', limit: 10 }).then((listed) => listed.map(({ id }) => id));

describeProjection('confessions', confessionsProjection, (spec) => {
  it('holds a submission for a decision, with its author, once however often it comes', () =>
    spec
      .given([submitted])
      .when([submitted])
      .then(
        rows('confessions', [
          {
            id: confessionId,
            college_code: 'C001',
            status: 'pending',
            author_session_id: 'visitor-author',
            likes: 0,
            created_at: new Date(submittedAt),
            decided_at: null,
          },
        ]),
        answer(feedIds(), []),
        answer(
          (db) =>
            listPendingConfessions(db, 'C001', 10, pseudonymOf).then((listed) => listed.map((item) => item.authorId)),
          ['author-of-visitor-author'],
        ),
      ));

  it('publishes an approved confession in its college and in the feed of every college', () =>
    spec
      .given([submitted, submittedElsewhere])
      .when([approved, approvedElsewhere])
      .then(
        rows('confessions', [
          { id: confessionId, status: 'approved', decided_at: new Date(decidedAt) },
          { id: otherId, status: 'approved', decided_at: new Date('2026-11-23T11:00:01.000Z') },
        ]),
        answer(feedIds('C001'), [confessionId]),
        answer(feedIds(), [otherId, confessionId]),
        answer((db) => listPendingConfessions(db, null, 10, pseudonymOf), []),
      ));

  it('keeps rejected and deleted confessions out of the feed; moderators still see the rejected one', () =>
    spec
      .given([submitted, submittedElsewhere, approvedElsewhere])
      .when([
        event('ConfessionRejected', { confessionId, reasonCode: 'spam', note: null }),
        event('ConfessionDeleted', { confessionId: otherId, reasonCode: null, note: null }),
      ])
      .then(
        rows('confessions', [
          { id: confessionId, status: 'rejected' },
          { id: otherId, status: 'deleted' },
        ]),
        answer(feedIds(), []),
        answer(
          (db) =>
            listCollegeConfessions(db, 'C001', 'all', 10, pseudonymOf).then((listed) =>
              listed.map((item) => item.status),
            ),
          ['rejected'],
        ),
        answer((db) => listCollegeConfessions(db, 'C002', 'all', 10, pseudonymOf), []),
      ));

  it('counts likes, keeps who liked, and takes an unlike off both', () =>
    spec
      .given([...shown, liked('visitor-a'), liked('visitor-b')])
      .when([unliked('visitor-a')])
      .then(
        rows('confessions', [{ id: confessionId, likes: 1 }]),
        rows('confession_likes', [{ confession_id: confessionId, session_id: 'visitor-b' }]),
        answer((db) => findApprovedConfessions(db, [confessionId]).then((found) => found.get(confessionId)?.likes), 1),
        answer(
          (db) =>
            viewerMarksAmong(db, [
              { viewer: 'visitor-a', confessionIds: [confessionId] },
              { viewer: 'visitor-b', confessionIds: [confessionId] },
            ]),
          [
            { liked: new Set<string>(), reported: new Set<string>() },
            { liked: new Set<string>([confessionId]), reported: new Set<string>() },
          ],
        ),
      ));

  it("reports the likes a batch's likes and unlikes left, once per confession, for each toggle's answer", () =>
    spec
      .given(shown)
      .when([liked('visitor-a'), liked('visitor-b'), unliked('visitor-a')])
      .then(batchReports([{ projection: 'confessions', rows: [{ id: confessionId, likes: 1 }] }])));

  it('reports nothing of a batch with no like or unlike', () =>
    spec.given([submitted]).when([approved]).then(batchReports([])));

  it('counts reports into the reported queue, keeping who reported', () =>
    spec
      .given([...shown, reported('visitor-a')])
      .when([reported('visitor-b')])
      .then(
        rows('confessions', [{ id: confessionId, reported_count: 2, reports_reviewed: false }]),
        rows('confession_reports', [
          { session_id: 'visitor-a', dismissed: false },
          { session_id: 'visitor-b', dismissed: false },
        ]),
        answer(
          (db) =>
            listCollegeConfessions(db, 'C001', 'reported', 10, pseudonymOf).then((listed) =>
              listed.map((item) => item.reportedCount),
            ),
          [2],
        ),
        answer(
          (db) => viewerMarksAmong(db, [{ viewer: 'visitor-a', confessionIds: [confessionId] }]),
          [{ liked: new Set<string>(), reported: new Set<string>([confessionId]) }],
        ),
      ));

  it('takes a reviewed confession out of the reported queue', () =>
    spec
      .given([...shown, reported('visitor-a')])
      .when([reviewed])
      .then(
        rows('confessions', [{ id: confessionId, reported_count: 1, reports_reviewed: true }]),
        answer((db) => listCollegeConfessions(db, 'C001', 'reported', 10, pseudonymOf), []),
      ));

  it('puts a reviewed confession back in the reported queue at a new report', () =>
    spec
      .given([...shown, reported('visitor-a'), reviewed])
      .when([reported('visitor-b')])
      .then(rows('confessions', [{ id: confessionId, reported_count: 2, reports_reviewed: false }])));

  it('hides a confession from the feed', () =>
    spec
      .given([...shown, reported('visitor-a')])
      .when([hidden])
      .then(rows('confessions', [{ id: confessionId, hidden: true }]), answer(feedIds(), [])));

  it('shows a hidden confession again at a dismissal, its reports no longer open', () =>
    spec
      .given([...shown, reported('visitor-a'), hidden])
      .when([event('ConfessionReportsDismissed', { confessionId, reportCount: 1 })])
      .then(
        rows('confessions', [{ id: confessionId, hidden: false, reported_count: 0, reports_reviewed: false }]),
        rows('confession_reports', [{ session_id: 'visitor-a', dismissed: true }]),
        answer(feedIds(), [confessionId]),
      ));

  it("counts a confession's approved comments", () =>
    spec
      .given(shown)
      .when([
        event('CommentApproved', { commentId: '7d000000-0000-4000-8000-000000000001', confessionId }),
        event('CommentApproved', { commentId: '7d000000-0000-4000-8000-000000000002', confessionId }),
      ])
      .then(rows('confessions', [{ id: confessionId, comment_count: 2 }])));
});
