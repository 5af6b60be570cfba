import { describe, expect, it } from '@jest/globals';
import type { Actor, AuditQueues } from '@secretchatbox/contracts';
import type { SqlExecutor } from '@secretchatbox/database';
import { testDatabaseTargets } from '@secretchatbox/database/testing';
import type { ProjectedEvent } from '../projection.js';
import { migrateReadModels } from '../rebuild.js';
import { toProjectedEvent } from '../runner/apply-batch.js';
import { answer, describeProjection, event } from '../testing/index.js';
import { recordEvents } from '../testing/spec-events.js';
import { auditJournalProjection, confessionCollege } from './audit-journal.js';
import { readQueuesAsOf } from './audit-queues.js';
import { readModelComponent, readModelMigrations } from './migrations.js';

const id = (n: number) => `2a000000-0000-4000-8000-00000000000${n}`;
const approvedLater = id(1);
const pending = id(2);
const reported = id(3);
const commentId = id(4);
const messageId = id(5);
const student: Actor = { kind: 'visitor', sessionId: 'visitor-a' };
const moderator: Actor = { kind: 'admin', adminId: id(9), username: 'mod', role: 'normal' };
const at = (time: string) => `2026-11-23T${time}.000Z`;
const by = (actor: Actor, time: string) => ({ actor, collegeCode: 'C001', at: at(time) });
const submitted = (confessionId: string, time: string) =>
  event(
    'ConfessionSubmitted',
    {
      confessionId,
      collegeCode: 'C001',
      category: 'rants',
      content: `Confession ${confessionId.at(-1)}`,
      nickname: null,
    },
    by(student, time),
  );
const reportAt = (time: string) =>
  event(
    'ConfessionReported',
    { confessionId: reported, sessionId: `visitor-${time}`, reason: 'spam', note: null },
    {
      actor: student,
      at: at(time),
    },
  );
const journal = [
  submitted(reported, '09:00:00'),
  event('ConfessionApproved', { confessionId: reported }, by(moderator, '09:01:00')),
  submitted(approvedLater, '10:00:00'),
  reportAt('10:00:30'),
  reportAt('10:01:00'),
  event(
    'DirectMessageSent',
    { messageId, fromSessionId: 'visitor-a', toSessionId: 'visitor-b', collegeCode: 'C001', content: 'Hi' },
    by(student, '10:02:00'),
  ),
  submitted(pending, '10:03:00'),
  event('ConfessionReportsReviewed', { confessionId: reported, reportCount: 2 }, by(moderator, '10:05:00')),
  reportAt('10:06:00'),
  event('ConfessionApproved', { confessionId: approvedLater }, by(moderator, '10:10:00')),
  event(
    'CommentSubmitted',
    { commentId, confessionId: approvedLater, content: 'Same', nickname: null },
    { actor: student, at: at('10:15:00') },
  ),
  event('ConfessionDeleted', { confessionId: approvedLater, reasonCode: null, note: null }, by(moderator, '10:20:00')),
  event('DirectMessageModerated', { messageId, status: 'approved', adminNote: null }, by(moderator, '10:30:00')),
  event('ConfessionReportsDismissed', { confessionId: reported, reportCount: 3 }, by(moderator, '10:40:00')),
];
const queues =
  (time: string, collegeCode: string | null = 'C001') =>
  (db: SqlExecutor) =>
    readQueuesAsOf(db, at(time), collegeCode, 10);
/** Each queue's items by id, with their reports where they have some. */
const idsOf = (time: string) => (db: SqlExecutor) =>
  queues(time)(db).then((asOf: AuditQueues) => ({
    pendingConfessions: asOf.pendingConfessions.items.map((item) => item.id),
    pendingComments: asOf.pendingComments.items.map((item) => item.id),
    pendingDirectMessages: asOf.pendingDirectMessages.items.map((item) => item.id),
    reportedConfessions: asOf.reportedConfessions.items.map((item) => `${item.id} (${item.reports})`),
  }));

// The queues as of a moment are folded from the audit journal's rows.
describeProjection('moderation queues as of a moment', auditJournalProjection, (spec) => {
  it('holds each submission from its submission until its decision', () =>
    spec.given(journal).then(
      answer(idsOf('10:04:00'), {
        pendingConfessions: [approvedLater, pending],
        pendingComments: [],
        pendingDirectMessages: [messageId],
        reportedConfessions: [`${reported} (2)`],
      }),
      answer(idsOf('10:16:00'), {
        pendingConfessions: [pending],
        pendingComments: [commentId],
        pendingDirectMessages: [messageId],
        reportedConfessions: [`${reported} (3)`],
      }),
    ));

  it("takes out a review's reports until a new one comes, a deleted confession's comments, and a dismissal's reports", () =>
    spec.given(journal).then(
      answer((db) => idsOf('10:05:30')(db).then((asOf) => asOf.reportedConfessions), []),
      answer((db) => idsOf('10:21:00')(db).then((asOf) => asOf.pendingComments), []),
      answer(idsOf('10:45:00'), {
        pendingConfessions: [pending],
        pendingComments: [],
        pendingDirectMessages: [],
        reportedConfessions: [],
      }),
    ));

  // Each item's span is kept as its events come, in whatever batches they come.
  it('gives the same queues whichever batches the journal came in', async () => {
    for (let split = 1; split < journal.length; split++) {
      await spec
        .given(journal.slice(0, split))
        .when(journal.slice(split))
        .then(
          answer(idsOf('10:16:00'), {
            pendingConfessions: [pending],
            pendingComments: [commentId],
            pendingDirectMessages: [messageId],
            reportedConfessions: [`${reported} (3)`],
          }),
          answer(idsOf('10:21:00'), {
            pendingConfessions: [pending],
            pendingComments: [],
            pendingDirectMessages: [messageId],
            reportedConfessions: [`${reported} (3)`],
          }),
        );
    }
  });

  it('never holds a comment journaled after its confession was deleted', () =>
    spec
      .given(journal)
      .when([
        event(
          'CommentSubmitted',
          { commentId: id(6), confessionId: approvedLater, content: 'Late', nickname: null },
          { actor: student, at: at('10:25:00') },
        ),
      ])
      .then(answer((db) => idsOf('10:26:00')(db).then((asOf) => asOf.pendingComments), [])));

  it('shows each item as it entered its queue, with the total, in its college only', () =>
    spec.given(journal).then(
      answer((db) => queues('10:04:00')(db).then((asOf) => asOf.pendingConfessions), {
        total: 2,
        items: [
          {
            type: 'confession',
            id: approvedLater,
            collegeCode: 'C001',
            since: at('10:00:00'),
            content: 'Confession 1',
          },
          { type: 'confession', id: pending, collegeCode: 'C001', since: at('10:03:00'), content: 'Confession 2' },
        ],
      }),
      answer((db) => queues('10:04:00', 'C002')(db).then((asOf) => asOf.pendingConfessions), { total: 0, items: [] }),
    ));
});

for (const target of testDatabaseTargets()) {
  describe(`the moderation queues of a journal written before their spans, on ${target.name}`, () => {
    it('are the same once read-model migration 21 has filled the spans', async () => {
      const before = readModelMigrations.filter((migration) => migration.version < 21);
      const { db, dispose } = await target.create([{ component: readModelComponent, migrations: before }]);
      try {
        const events = recordEvents()(journal).map((recorded) => toProjectedEvent(recorded) as ProjectedEvent);
        // The journal as the projection wrote it before the spans: its own rows only. It is one
        // batch, whose submissions give their likes and comments their college: the lookup of a
        // confession's college in the spans, which do not exist yet, is left out.
        const collegeLookup = confessionCollege('COALESCE(r.parent_id, r.target_id)');
        await db.transaction((tx) =>
          auditJournalProjection.applyAll!(events, {
            query: (sql, params) =>
              /(INSERT INTO|UPDATE) read_model\.audit_queue_spans/.test(sql)
                ? Promise.resolve({ rows: [] })
                : tx.query(sql.replace(collegeLookup, 'NULL'), params),
          } as SqlExecutor),
        );
        await migrateReadModels(db);
        expect(await idsOf('10:04:00')(db)).toEqual({
          pendingConfessions: [approvedLater, pending],
          pendingComments: [],
          pendingDirectMessages: [messageId],
          reportedConfessions: [`${reported} (2)`],
        });
        expect(await idsOf('10:16:00')(db)).toMatchObject({ pendingComments: [commentId] });
        expect(await idsOf('10:21:00')(db)).toMatchObject({ pendingComments: [] });
        expect(await idsOf('10:45:00')(db)).toMatchObject({ pendingConfessions: [pending], pendingDirectMessages: [] });
      } finally {
        await dispose();
      }
    });
  });
}
