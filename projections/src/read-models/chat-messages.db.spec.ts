import { it } from '@jest/globals';
import { answer, describeProjection, event, rows } from '../testing/index.js';
import { chatMessagesProjection, readChatHistory, readModeratedChatMessages } from './chat-messages.js';

const room = '6c000000-0000-4000-8000-0000000000aa';
const messageId = (n: number) => `6c000000-0000-4000-8000-00000000000${n}`;
const posted = (n: number, sessionId = 'visitor-a') =>
  event('ChatMessagePosted', {
    messageId: messageId(n),
    roomId: room,
    collegeCode: 'C001',
    sessionId,
    nickname: null,
    content: `Message ${n}`,
    isAdmin: false,
    sentAt: `2026-11-23T10:00:0${n}.000Z`,
  });
const removed = (n: number) =>
  event('ChatMessageRemoved', {
    messageId: messageId(n),
    roomId: room,
    collegeCode: 'C001',
    reasonCode: 'spam',
    note: null,
  });
const [first, second, third] = [posted(1), posted(2, 'visitor-b'), posted(3)];
const contents = (page: { items: readonly { content: string }[] }) => page.items.map((item) => item.content);

describeProjection('chat messages', chatMessagesProjection, (spec) => {
  it('keeps a posted message once, at its place in the log', () =>
    spec
      .given([first])
      .when([first])
      .then(
        rows('chat_messages', [{ id: messageId(1), session_id: 'visitor-a', removed: false }]),
        answer(
          (db) => db.query('SELECT log_commit::text AS commit FROM read_model.chat_messages').then(({ rows }) => rows),
          [{ commit: '1' }],
        ),
      ));

  it("pages a room's history back from the newest, each page oldest first", () =>
    spec.given([first, second, third]).then(
      answer((db) => readChatHistory(db, room, null, 2).then(contents), ['Message 2', 'Message 3']),
      answer((db) => readChatHistory(db, room, null, 2).then((page) => page.older), { commit: 2n, prepare: 2n }),
      answer((db) => readChatHistory(db, room, { commit: 2n, prepare: 2n }, 2), {
        items: [
          {
            id: messageId(1),
            roomId: room,
            content: 'Message 1',
            nickname: null,
            sessionId: 'visitor-a',
            createdAt: '2026-11-23T10:00:01.000Z',
            isAdmin: false,
          },
        ],
        older: null,
      }),
    ));

  it('takes a removed message out of the history, keeping its row', () =>
    spec
      .given([first, second, third])
      .when([removed(2)])
      .then(
        rows('chat_messages', [
          { id: messageId(1), removed: false },
          { id: messageId(2), removed: true },
          { id: messageId(3), removed: false },
        ]),
        answer((db) => readChatHistory(db, room, null, 10).then(contents), ['Message 1', 'Message 3']),
      ));

  it('shows moderators the newest first, authors by pseudonym', () =>
    spec.given([first, second]).then(
      answer(
        (db) =>
          readModeratedChatMessages(db, room, null, 10, (sessionId) => `author-of-${sessionId}`).then((page) =>
            page.items.map(({ content, authorId }) => ({ content, authorId })),
          ),
        [
          { content: 'Message 2', authorId: 'author-of-visitor-b' },
          { content: 'Message 1', authorId: 'author-of-visitor-a' },
        ],
      ),
    ));
});
