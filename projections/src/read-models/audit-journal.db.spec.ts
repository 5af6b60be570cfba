import { it } from '@jest/globals';
import type { Actor } from '@secretchatbox/contracts';
import { answer, describeProjection, event, rows } from '../testing/index.js';
import { auditJournalProjection, confessionCollege } from './audit-journal.js';

const confessionId = '5a000000-0000-4000-8000-000000000001';
const commentId = '5a000000-0000-4000-8000-000000000002';
const adminId = '5a000000-0000-4000-8000-000000000003';
const submissionId = '5e000000-0000-4000-8000-000000000001';
const decisionId = '5e000000-0000-4000-8000-000000000002';
const student: Actor = { kind: 'visitor', sessionId: 'visitor-a' };
const moderator: Actor = { kind: 'admin', adminId, username: 'mod', role: 'normal' };
const confessionData = {
  confessionId,
  collegeCode: 'C001',
  category: 'funny',
  content: 'Ten letters.',
  nickname: null,
} as const;
const submitted = event('ConfessionSubmitted', confessionData, {
  id: submissionId,
  actor: student,
  collegeCode: 'C001',
  correlationId: 'request-1',
  at: '2026-11-23T10:00:00.000Z',
});
const liked = event(
  'ConfessionLiked',
  { confessionId, sessionId: 'visitor-b' },
  { actor: { kind: 'visitor', sessionId: 'visitor-b' } },
);
const commented = event(
  'CommentSubmitted',
  { commentId, confessionId, content: 'Same!', nickname: null },
  { actor: { kind: 'visitor', sessionId: 'visitor-c' } },
);
const rejected = event(
  'ConfessionRejected',
  { confessionId, reasonCode: 'spam', note: 'Advert' },
  { id: decisionId, actor: moderator, collegeCode: 'C001' },
);
const chainExtended = event('AuditChainExtended', {
  firstLink: 7,
  links: [{ eventId: decisionId, hash: 'a'.repeat(64) }],
  through: '3/3',
});

describeProjection('audit journal', auditJournalProjection, (spec) => {
  it('journals an event with its item, college, actor, request and data, once however often it comes', () =>
    spec
      .given([submitted])
      .when([submitted])
      .then(
        rows('audit_events', [
          {
            event_id: submissionId,
            occurred_at: new Date('2026-11-23T10:00:00.000Z'),
            type: 'ConfessionSubmitted',
            target_type: 'confession',
            target_id: confessionId,
            parent_id: null,
            college_code: 'C001',
            actor_kind: 'visitor',
            actor_id: 'visitor-a',
            actor_username: null,
            actor_role: 'visitor',
            reason_code: null,
            note: null,
            moderation: false,
            request_id: 'request-1',
            data: confessionData,
          },
        ]),
      ));

  it("gives a like and a comment, which name no college, their confession's, from the same batch", () =>
    spec
      .given([])
      .when([submitted, liked, commented])
      .then(
        rows('audit_events', [
          { type: 'ConfessionSubmitted', target_id: confessionId, parent_id: null, college_code: 'C001' },
          { type: 'ConfessionLiked', target_id: confessionId, parent_id: null, college_code: 'C001' },
          { type: 'CommentSubmitted', target_id: commentId, parent_id: confessionId, college_code: 'C001' },
        ]),
      ));

  it("finds a like's college by its confession's span alone, however often the confession was liked", () => {
    // Other confessions, each submitted and approved, and one liked by 300 visitors.
    const others = Array.from({ length: 300 }, (_, index) => {
      const id = `5a000000-0000-4000-8000-${String(index + 100).padStart(12, '0')}`;
      return [
        event('ConfessionSubmitted', { ...confessionData, confessionId: id }, { actor: student, collegeCode: 'C001' }),
        event('ConfessionApproved', { confessionId: id }, { actor: moderator, collegeCode: 'C001' }),
      ];
    }).flat();
    const likes = Array.from({ length: 300 }, (_, index) => {
      const actor: Actor = { kind: 'visitor', sessionId: `visitor-${index}` };
      return event('ConfessionLiked', { confessionId, sessionId: actor.sessionId }, { actor });
    });
    return spec
      .given([submitted, ...others, ...likes])
      .when([liked])
      .then(
        answer(async (db) => {
          // As the projections' writes run (SET LOCAL enable_seqscan = off in their batches), on a
          // table with statistics, as autovacuum keeps them.
          await db.query('ANALYZE read_model.audit_queue_spans');
          await db.query('SET enable_seqscan = off');
          const { rows: plan } = await db.query<{ 'QUERY PLAN': string }>(
            `EXPLAIN SELECT ${confessionCollege(`'${confessionId}'`)}`,
          );
          await db.query('RESET enable_seqscan');
          // The index the lookup scans, as the plan names it.
          return plan
            .map((line) => /Index Scan using (\w+) on audit_queue_spans/.exec(line['QUERY PLAN'])?.[1])
            .find(Boolean);
        }, 'audit_queue_spans_pkey'),
      );
  });

  it("gives them their confession's college from an earlier batch too", () =>
    spec
      .given([submitted])
      .when([liked, commented])
      .then(
        rows('audit_events', [
          { type: 'ConfessionSubmitted', college_code: 'C001' },
          { type: 'ConfessionLiked', college_code: 'C001' },
          { type: 'CommentSubmitted', college_code: 'C001' },
        ]),
      ));

  it('journals without a college an event whose confession id is no uuid, and goes on', () =>
    spec
      .given([submitted])
      .when([
        event(
          'ConfessionLiked',
          { confessionId: 'not-a-uuid', sessionId: 'visitor-b' },
          { actor: { kind: 'visitor', sessionId: 'visitor-b' } },
        ),
        liked,
      ])
      .then(
        rows('audit_events', [
          { type: 'ConfessionSubmitted', target_id: confessionId, college_code: 'C001' },
          { type: 'ConfessionLiked', target_id: 'not-a-uuid', college_code: null },
          { type: 'ConfessionLiked', target_id: confessionId, college_code: 'C001' },
        ]),
      ));

  it("marks a moderator's decision as moderation, with its reason, note and the moderator", () =>
    spec
      .given([submitted])
      .when([rejected])
      .then(
        rows('audit_events', [
          {
            event_id: submissionId,
            moderation: false,
            reason_code: null,
            note: null,
            actor_username: null,
            actor_role: 'visitor',
          },
          {
            event_id: decisionId,
            moderation: true,
            reason_code: 'spam',
            note: 'Advert',
            actor_username: 'mod',
            actor_role: 'normal',
          },
        ]),
      ));

  it("keeps an admin session's hash out of what auditors see", () =>
    spec
      .given([])
      .when([
        event(
          'AdminSignedIn',
          { adminId, sessionHash: 'secret-hash', expiresAt: '2026-11-24T10:00:00.000Z' },
          { actor: moderator },
        ),
      ])
      .then(
        rows('audit_events', [
          { target_type: 'admin', target_id: adminId, data: { adminId, expiresAt: '2026-11-24T10:00:00.000Z' } },
        ]),
      ));

  it('journals no event of no item: sessions, quotas and username claims', () =>
    spec
      .given([])
      .when([
        event('VisitorSessionStarted', { sessionId: 'visitor-a' }),
        event('ConfessionQuotaUsed', { sessionId: 'visitor-a', quotaDay: '2026-11-23', confessionId }),
        event('AdminUsernameClaimed', { username: 'mod', adminId }),
      ])
      .then(rows('audit_events', [])));

  it("writes the chain's links from its first, once however often the extension comes", () =>
    spec
      .given([submitted, rejected, chainExtended])
      .when([chainExtended])
      .then(
        answer(
          async (db) =>
            (await db.query(`SELECT link, event_id, encode(hash, 'hex') AS hash FROM read_model.audit_links`)).rows,
          [{ link: 7, event_id: decisionId, hash: 'a'.repeat(64) }],
        ),
      ));
});
