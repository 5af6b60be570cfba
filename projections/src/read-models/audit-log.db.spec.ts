import { it } from '@jest/globals';
import type { Actor } from '@secretchatbox/contracts';
import type { SqlExecutor } from '@secretchatbox/database';
import { answer, describeProjection, event } from '../testing/index.js';
import { auditJournalProjection } from './audit-journal.js';
import {
  type AuditLogFilter,
  countApprovedComments,
  findAuditItemCollege,
  readAuditLog,
  readItemEvents,
} from './audit-log.js';

const first = '4a000000-0000-4000-8000-000000000001';
const second = '4a000000-0000-4000-8000-000000000002';
const commentId = '4a000000-0000-4000-8000-000000000003';
const adminId = '4a000000-0000-4000-8000-000000000004';
const chiefId = '4a000000-0000-4000-8000-000000000005';
const moderator: Actor = { kind: 'admin', adminId, username: 'Mod', role: 'normal' };
const inCollege = (collegeCode: string, actor: Actor = moderator) => ({ actor, collegeCode });
const submitted = (confessionId: string, collegeCode: string) =>
  event(
    'ConfessionSubmitted',
    { confessionId, collegeCode, category: 'funny', content: 'Ten letters.', nickname: null },
    inCollege(collegeCode, { kind: 'visitor', sessionId: 'visitor-a' }),
  );
const approvedAt = '2026-11-23T11:00:00.000Z';
const approvalId = '4e000000-0000-4000-8000-000000000001';
const journal = [
  submitted(first, 'C001'),
  submitted(second, 'C002'),
  event('ConfessionApproved', { confessionId: first }, { ...inCollege('C001'), id: approvalId, at: approvedAt }),
  event('ConfessionRejected', { confessionId: second, reasonCode: 'spam', note: null }, inCollege('C002')),
  event('CommentSubmitted', { commentId, confessionId: first, content: 'Same!', nickname: null }),
  event('CommentApproved', { commentId, confessionId: first }, inCollege('C001')),
];
const actions =
  (filter: AuditLogFilter, limit = 10) =>
  (db: SqlExecutor) =>
    readAuditLog(db, filter, null, limit).then((page) => page.rows.map((row) => row.action));

// The audit log reads the audit journal's rows.
describeProjection('audit log', auditJournalProjection, (spec) => {
  it('lists moderation events only, newest first, in one college or all', () =>
    spec
      .given(journal)
      .then(
        answer(actions({ collegeCode: null }), ['CommentApproved', 'ConfessionRejected', 'ConfessionApproved']),
        answer(actions({ collegeCode: 'C002' }), ['ConfessionRejected']),
      ));

  it('filters by admin (id or username in any case), by action and by time', () =>
    spec
      .given(journal)
      .then(
        answer(actions({ collegeCode: null, actor: 'mod', action: 'ConfessionApproved' }), ['ConfessionApproved']),
        answer(actions({ collegeCode: null, actor: adminId, from: approvedAt, to: '2026-11-23T11:00:01.000Z' }), [
          'ConfessionApproved',
        ]),
        answer(actions({ collegeCode: null, actor: 'visitor-a' }), []),
      ));

  it('pages back from a cursor', () =>
    spec.given(journal).then(
      answer((db) => readAuditLog(db, { collegeCode: null }, null, 2).then((page) => page.next), {
        commit: 4n,
        prepare: 4n,
      }),
      answer(
        (db) =>
          readAuditLog(db, { collegeCode: null }, { commit: 4n, prepare: 4n }, 2).then((page) => ({
            actions: page.rows.map((row) => row.action),
            next: page.next,
          })),
        { actions: ['ConfessionApproved'], next: null },
      ),
    ));

  it("reads an item's events in log order, as of a moment, with their chain links", () =>
    spec
      .given(journal)
      .when([
        event('AuditChainExtended', {
          firstLink: 1,
          links: [{ eventId: approvalId, hash: 'b'.repeat(64) }],
          through: '3/3',
        }),
      ])
      .then(
        answer(
          (db) =>
            readItemEvents(db, { type: 'confession', id: first }, { limit: 10 }).then((page) =>
              page.rows.map(({ action, link, hash, actorUsername }) => ({ action, link, hash, actorUsername })),
            ),
          [
            { action: 'ConfessionSubmitted', link: null, hash: null, actorUsername: null },
            { action: 'ConfessionApproved', link: 1, hash: 'b'.repeat(64), actorUsername: 'Mod' },
          ],
        ),
        answer(
          (db) =>
            readItemEvents(
              db,
              { type: 'confession', id: first },
              { until: '2026-11-23T10:59:59.000Z', limit: 10 },
            ).then((page) => page.rows.map((row) => row.action)),
          ['ConfessionSubmitted'],
        ),
      ));

  it("names an item's latest college, none for the chief's account, and nothing for an unknown item", () =>
    spec
      .given([
        event(
          'AdminAccountCreated',
          { adminId, username: 'Mod', passwordSet: true, role: 'normal', collegeCode: 'C001' },
          inCollege('C001'),
        ),
        event('AdminCollegeChanged', { adminId, collegeCode: 'C002' }, inCollege('C002')),
        event('AdminAccountCreated', {
          adminId: chiefId,
          username: 'Chief',
          passwordSet: true,
          role: 'chief',
          collegeCode: null,
        }),
      ])
      .then(
        answer((db) => findAuditItemCollege(db, { type: 'admin', id: adminId }), 'C002'),
        answer((db) => findAuditItemCollege(db, { type: 'admin', id: chiefId }), null),
        answer((db) => findAuditItemCollege(db, { type: 'confession', id: first }), undefined),
      ));

  it("counts a confession's comments approved by a moment", () =>
    spec.given(journal).then(
      answer((db) => countApprovedComments(db, first, null), 1),
      answer((db) => countApprovedComments(db, first, approvedAt), 0),
    ));
});
