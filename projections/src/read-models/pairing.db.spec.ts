import { it } from '@jest/globals';
import { answer, describeProjection, event, rows } from '../testing/index.js';
import { chatMessagesProjection } from './chat-messages.js';
import { findPairExclusions, findVisitorCollege, listOpenPairingReports, pairingProjection } from './pairing.js';

const pairId = '9a000000-0000-4000-8000-000000000001';
const laterPairId = '9a000000-0000-4000-8000-000000000002';
const reportId = '9b000000-0000-4000-8000-000000000001';
const matched = event(
  'PairMatched',
  { pairId, collegeCode: 'C001', sessionIds: ['visitor-a', 'visitor-b'], quotaDay: '2026-11-23' },
  { at: '2026-11-23T10:00:00.000Z' },
);
const ended = (reason: 'skipped' | 'blocked' | 'left') =>
  event(
    'PairEnded',
    { pairId, reason, endedBy: 'visitor-a', quotaDay: '2026-11-23' },
    { at: '2026-11-23T10:05:00.000Z' },
  );
const filed = event('PairingReportFiled', {
  reportId,
  pairId,
  collegeCode: 'C001',
  reporterSessionId: 'visitor-a',
  reportedSessionId: 'visitor-b',
  reason: 'harassment',
  note: 'Rude',
  transcript: [{ messageId: 'm1', fromSessionId: 'visitor-b', content: 'Go away', sentAt: '2026-11-23T10:01:00.000Z' }],
});
const resolved = (action: 'warn' | 'dismiss') =>
  event('PairingReportResolved', { reportId, action, note: 'Seen' }, { at: '2026-11-23T12:00:00.000Z' });
const pseudonymOf = (sessionId: string) => `author-of-${sessionId}`;

// Chat messages run too: the college a visitor last took part in is their latest pair's or room's.
describeProjection('pairing', [pairingProjection, chatMessagesProjection], (spec) => {
  it('records a pair once however often it comes', () =>
    spec
      .given([matched])
      .when([matched])
      .then(
        rows('pairs', [
          {
            pair_id: pairId,
            session_a: 'visitor-a',
            session_b: 'visitor-b',
            started_at: new Date('2026-11-23T10:00:00.000Z'),
            ended_reason: null,
          },
        ]),
      ));

  it('records how a pair ended, by whom and when', () =>
    spec
      .given([matched])
      .when([ended('left')])
      .then(
        rows('pairs', [
          {
            pair_id: pairId,
            ended_reason: 'left',
            ended_by: 'visitor-a',
            ended_quota_day: '2026-11-23',
            ended_at: new Date('2026-11-23T10:05:00.000Z'),
          },
        ]),
        answer((db) => findPairExclusions(db, 'visitor-a', '2026-11-23'), []),
      ));

  it('keeps a skipped partner away, both ways, for the rest of the day only', () =>
    spec
      .given([matched])
      .when([ended('skipped')])
      .then(
        answer((db) => findPairExclusions(db, 'visitor-a', '2026-11-23'), ['visitor-b']),
        answer((db) => findPairExclusions(db, 'visitor-b', '2026-11-23'), ['visitor-a']),
        answer((db) => findPairExclusions(db, 'visitor-a', '2026-11-24'), []),
      ));

  it('keeps a blocked partner away for good', () =>
    spec
      .given([matched])
      .when([ended('blocked')])
      .then(answer((db) => findPairExclusions(db, 'visitor-b', '2026-12-31'), ['visitor-a'])));

  it("names the college of a visitor's latest pair or room, whichever came last", () =>
    spec
      .given([matched])
      .when([
        event('ChatMessagePosted', {
          messageId: '9c000000-0000-4000-8000-000000000001',
          roomId: '9d000000-0000-4000-8000-000000000001',
          collegeCode: 'C002',
          sessionId: 'visitor-a',
          nickname: null,
          content: 'Hello',
          isAdmin: false,
          sentAt: '2026-11-23T11:00:00.000Z',
        }),
        event(
          'PairMatched',
          { pairId: laterPairId, collegeCode: 'C003', sessionIds: ['visitor-c', 'visitor-b'], quotaDay: '2026-11-23' },
          { at: '2026-11-23T12:00:00.000Z' },
        ),
      ])
      .then(
        answer((db) => findVisitorCollege(db, 'visitor-a'), 'C002'),
        answer((db) => findVisitorCollege(db, 'visitor-b'), 'C003'),
        answer((db) => findVisitorCollege(db, 'visitor-z'), null),
      ));

  it('opens a report for moderators, every visitor by pseudonym, once however often it comes', () =>
    spec
      .given([matched, filed])
      .when([filed])
      .then(
        rows('pairing_reports', [{ id: reportId, status: 'open', reporter_session_id: 'visitor-a' }]),
        answer(
          (db) => listOpenPairingReports(db, 'C001', 10, pseudonymOf),
          [
            {
              id: reportId,
              pairId,
              collegeCode: 'C001',
              reason: 'harassment',
              note: 'Rude',
              createdAt: '2026-11-23T10:00:01.000000Z',
              reporterId: 'author-of-visitor-a',
              reportedId: 'author-of-visitor-b',
              transcript: [
                { id: 'm1', fromId: 'author-of-visitor-b', content: 'Go away', createdAt: '2026-11-23T10:01:00.000Z' },
              ],
            },
          ],
        ),
        answer((db) => listOpenPairingReports(db, 'C002', 10, pseudonymOf), []),
      ));

  it('closes a report as warned or dismissed, with its note and time', () =>
    spec
      .given([matched, filed])
      .when([resolved('warn')])
      .then(
        rows('pairing_reports', [
          {
            id: reportId,
            status: 'warned',
            resolution_note: 'Seen',
            resolved_at: new Date('2026-11-23T12:00:00.000Z'),
          },
        ]),
        answer((db) => listOpenPairingReports(db, null, 10, pseudonymOf), []),
      ));

  it('records a dismissal as dismissed', () =>
    spec
      .given([matched, filed])
      .when([resolved('dismiss')])
      .then(rows('pairing_reports', [{ id: reportId, status: 'dismissed' }])));
});
