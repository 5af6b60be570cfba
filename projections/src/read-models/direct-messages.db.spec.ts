import { it } from '@jest/globals';
import { answer, describeProjection, event, rows } from '../testing/index.js';
import { directMessagesProjection, listPendingDirectMessages, listVisitorDirectMessages } from './direct-messages.js';

const first = '5d000000-0000-4000-8000-000000000001';
const second = '5d000000-0000-4000-8000-000000000002';
const sentAt = '2026-11-23T10:00:00.000Z';
const sent = event(
  'DirectMessageSent',
  { messageId: first, fromSessionId: 'visitor-a', toSessionId: 'visitor-b', collegeCode: 'C001', content: 'Hi there' },
  { at: sentAt },
);
const sentElsewhere = event('DirectMessageSent', {
  messageId: second,
  fromSessionId: 'visitor-c',
  toSessionId: 'visitor-a',
  collegeCode: 'C002',
  content: 'Hello',
});
const moderated = (status: 'approved' | 'rejected', adminNote: string | null) =>
  event('DirectMessageModerated', { messageId: first, status, adminNote }, { at: '2026-11-23T11:00:00.000Z' });
const pseudonymOf = (sessionId: string) => `author-of-${sessionId}`;

describeProjection('direct messages', directMessagesProjection, (spec) => {
  it('holds a sent message for a decision, once however often it comes', () =>
    spec
      .given([sent])
      .when([sent])
      .then(
        rows('direct_messages', [
          {
            id: first,
            from_session_id: 'visitor-a',
            status: 'pending',
            created_at: new Date(sentAt),
            decided_at: null,
          },
        ]),
      ));

  it("lists a college's pending messages for moderators, senders and recipients by pseudonym", () =>
    spec
      .given([])
      .when([sent, sentElsewhere])
      .then(
        answer(
          (db) => listPendingDirectMessages(db, 'C001', 10, pseudonymOf),
          [
            {
              id: first,
              content: 'Hi there',
              fromSessionId: 'author-of-visitor-a',
              toSessionId: 'author-of-visitor-b',
              collegeCode: 'C001',
              status: 'pending',
              adminNote: null,
              createdAt: '2026-11-23T10:00:00.000000Z',
            },
          ],
        ),
        answer((db) => listPendingDirectMessages(db, null, 10, pseudonymOf).then((listed) => listed.length), 2),
      ));

  it('records a decision with its note and time, and the message leaves the queue', () =>
    spec
      .given([sent])
      .when([moderated('rejected', 'Be kind')])
      .then(
        rows('direct_messages', [
          { id: first, status: 'rejected', admin_note: 'Be kind', decided_at: new Date('2026-11-23T11:00:00.000Z') },
        ]),
        answer((db) => listPendingDirectMessages(db, 'C001', 10, pseudonymOf), []),
      ));

  it('shows the sender every message with its note, the recipient only approved ones and no note', () =>
    spec
      .given([sent, sentElsewhere])
      .when([moderated('approved', 'Fine')])
      .then(
        answer(
          (db) =>
            listVisitorDirectMessages(db, 'visitor-a', 10).then((listed) =>
              listed.map(({ id, adminNote }) => ({ id, adminNote })),
            ),
          [{ id: first, adminNote: 'Fine' }],
        ),
        answer(
          (db) =>
            listVisitorDirectMessages(db, 'visitor-b', 10).then((listed) =>
              listed.map(({ id, adminNote }) => ({ id, adminNote })),
            ),
          [{ id: first, adminNote: null }],
        ),
      ));

  it('never shows a recipient a message still pending or rejected', () =>
    spec
      .given([sent])
      .when([moderated('rejected', null)])
      .then(answer((db) => listVisitorDirectMessages(db, 'visitor-b', 10), [])));
});
