import { it } from '@jest/globals';
import type { Actor } from '@secretchatbox/contracts';
import { answer, describeProjection, event } from '../testing/index.js';
import { readModerationMetrics } from './audit-metrics.js';
import { auditJournalProjection } from './audit-journal.js';

const id = (n: number) => `3a000000-0000-4000-8000-00000000000${n}`;
const moderator: Actor = { kind: 'admin', adminId: id(9), username: 'mod', role: 'college' };
const submitted = (n: number, collegeCode: string) =>
  event(
    'ConfessionSubmitted',
    { confessionId: id(n), collegeCode, category: 'academic', content: 'Office hours help', nickname: null },
    { actor: { kind: 'visitor', sessionId: 'visitor-a' }, collegeCode, at: after(0) },
  );
/** `seconds` after the submissions. */
const after = (seconds: number) => new Date(Date.parse('2026-11-23T10:00:00.000Z') + seconds * 1000).toISOString();
const inCollege = (collegeCode: string, seconds: number) => ({ actor: moderator, collegeCode, at: after(seconds) });
const journal = [
  submitted(1, 'C001'),
  submitted(2, 'C001'),
  submitted(3, 'C001'),
  submitted(4, 'C002'),
  event('ConfessionApproved', { confessionId: id(1) }, inCollege('C001', 60)),
  event('ConfessionRejected', { confessionId: id(2), reasonCode: null, note: null }, inCollege('C001', 120)),
  event('ConfessionApproved', { confessionId: id(3) }, inCollege('C001', 300)),
  event('ConfessionApproved', { confessionId: id(4) }, inCollege('C002', 600)),
  // A second decision on an item the day after: counted in the volume, not as a first decision.
  event('ConfessionDeleted', { confessionId: id(1), reasonCode: null, note: null }, inCollege('C001', 86400)),
];
const from = '2026-11-23T00:00:00.000Z';
const to = '2026-11-25T00:00:00.000Z';

// The figures read the audit journal's rows.
describeProjection('moderation metrics', auditJournalProjection, (spec) => {
  it("counts a college's moderation events per day and action, and times its first decisions", () =>
    spec.given(journal).then(
      answer((db) => readModerationMetrics(db, from, to, 'C001'), {
        from,
        to,
        volume: [
          { day: '2026-11-23', collegeCode: 'C001', action: 'ConfessionApproved', count: 2 },
          { day: '2026-11-23', collegeCode: 'C001', action: 'ConfessionRejected', count: 1 },
          { day: '2026-11-24', collegeCode: 'C001', action: 'ConfessionDeleted', count: 1 },
        ],
        decisionTimes: [{ day: '2026-11-23', collegeCode: 'C001', decisions: 3, p50Seconds: 120, p90Seconds: 264 }],
      }),
    ));

  it('reports every college apart, and only the days asked for', () =>
    spec.given(journal).then(
      answer(
        (db) =>
          readModerationMetrics(db, from, '2026-11-24T00:00:00.000Z', null).then((metrics) => metrics.decisionTimes),
        [
          { day: '2026-11-23', collegeCode: 'C001', decisions: 3, p50Seconds: 120, p90Seconds: 264 },
          { day: '2026-11-23', collegeCode: 'C002', decisions: 1, p50Seconds: 600, p90Seconds: 600 },
        ],
      ),
      answer(
        (db) =>
          readModerationMetrics(db, '2026-11-24T00:00:00.000Z', to, null).then((metrics) => ({
            volume: metrics.volume.map((row) => row.action),
            decisionTimes: metrics.decisionTimes,
          })),
        { volume: ['ConfessionDeleted'], decisionTimes: [] },
      ),
    ));
});
