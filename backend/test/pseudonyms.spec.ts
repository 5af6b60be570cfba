import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  auditEntryOf,
  type AuditHistoryPage,
  type AuditTarget,
  type EventOfType,
  type JournaledType,
  type NewEvent,
  streamOf,
} from '@secretchatbox/contracts';
import { quickestTarget, until } from '@secretchatbox/database/testing';
import { moderationFixtures } from './support/moderation-fixtures.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/** Every session id the hand-built events hold starts so: no answer to a moderator may contain it. */
const sessionMark = 'raw-session-id-';
const session = (name: string) => `${sessionMark}${name}`;

const ids = {
  confession: randomUUID(),
  comment: randomUUID(),
  directMessage: randomUUID(),
  chatMessage: randomUUID(),
  room: randomUUID(),
  admin: randomUUID(),
  pair: randomUUID(),
  pairMessage: randomUUID(),
  report: randomUUID(),
};
const college = 'C001';
const now = new Date().toISOString();

/**
 * One event of each type the audit journal holds, in an order the projections accept, with a
 * session id in every field that holds one. Typed by the journaled event union: a new event type
 * does not compile until it has a sample here.
 */
const samples: { [Type in JournaledType]: EventOfType<Type>['data'] } = {
  ChatRoomOpened: { roomId: ids.room, collegeCode: college, name: 'Sampled room', sortOrder: 9 },
  ChatRoomRenamed: { roomId: ids.room, collegeCode: college, name: 'Sampled room, renamed' },
  ConfessionSubmitted: {
    confessionId: ids.confession,
    collegeCode: college,
    category: 'secrets',
    content: 'A sampled confession.',
    nickname: null,
  },
  ConfessionApproved: { confessionId: ids.confession },
  ConfessionLiked: { confessionId: ids.confession, sessionId: session('liker') },
  ConfessionUnliked: { confessionId: ids.confession, sessionId: session('liker') },
  ConfessionReported: { confessionId: ids.confession, sessionId: session('reporter'), reason: 'spam', note: null },
  ConfessionHidden: { confessionId: ids.confession, reportCount: 1 },
  ConfessionReportsReviewed: { confessionId: ids.confession, reportCount: 1 },
  ConfessionReportsDismissed: { confessionId: ids.confession, reportCount: 1 },
  CommentSubmitted: {
    commentId: ids.comment,
    confessionId: ids.confession,
    content: 'A sampled comment.',
    nickname: null,
  },
  CommentApproved: { commentId: ids.comment, confessionId: ids.confession },
  CommentRejected: { commentId: ids.comment, confessionId: ids.confession, reasonCode: null, note: null },
  ConfessionRejected: { confessionId: ids.confession, reasonCode: null, note: null },
  ConfessionDeleted: { confessionId: ids.confession, reasonCode: null, note: null },
  DirectMessageSent: {
    messageId: ids.directMessage,
    fromSessionId: session('dm-sender'),
    toSessionId: session('dm-recipient'),
    collegeCode: college,
    content: 'A sampled direct message.',
  },
  DirectMessageModerated: { messageId: ids.directMessage, status: 'approved', adminNote: null },
  ChatMessagePosted: {
    messageId: ids.chatMessage,
    roomId: ids.room,
    collegeCode: college,
    sessionId: session('chatter'),
    nickname: null,
    content: 'A sampled chat message.',
    isAdmin: false,
    sentAt: now,
  },
  ChatMessageRemoved: {
    messageId: ids.chatMessage,
    roomId: ids.room,
    collegeCode: college,
    reasonCode: null,
    note: null,
  },
  ChatRoomArchived: { roomId: ids.room, collegeCode: college },
  PairMatched: {
    pairId: ids.pair,
    collegeCode: college,
    sessionIds: [session('pair-first'), session('pair-second')],
    quotaDay: now.slice(0, 10),
  },
  PairMessageSent: {
    pairId: ids.pair,
    messageId: ids.pairMessage,
    fromSessionId: session('pair-first'),
    content: 'A sampled pair message.',
    sentAt: now,
  },
  PairEnded: { pairId: ids.pair, reason: 'reported', endedBy: session('pair-second'), quotaDay: now.slice(0, 10) },
  PairingReportFiled: {
    reportId: ids.report,
    pairId: ids.pair,
    collegeCode: college,
    reporterSessionId: session('pair-second'),
    reportedSessionId: session('pair-first'),
    reason: 'harassment',
    note: null,
    transcript: [
      { messageId: ids.pairMessage, fromSessionId: session('pair-first'), content: 'A sampled line.', sentAt: now },
    ],
  },
  PairingReportResolved: { reportId: ids.report, action: 'warn', note: null },
  AdminAccountCreated: {
    adminId: ids.admin,
    username: `sampled-${ids.admin.slice(0, 8)}`,
    passwordSet: true,
    role: 'normal',
    collegeCode: college,
  },
  AdminCollegeChanged: { adminId: ids.admin, collegeCode: college },
  AdminSignedIn: { adminId: ids.admin, sessionHash: 'a'.repeat(64), expiresAt: now },
  AdminSignedOut: { adminId: ids.admin, sessionHash: 'a'.repeat(64) },
  AdminStatusChanged: { adminId: ids.admin, status: 'inactive' },
  AuditLogExported: { exportId: randomUUID(), adminId: ids.admin, format: 'json', filters: {}, rowCount: 0 },
  AdminAccountDeleted: { adminId: ids.admin, username: `sampled-${ids.admin.slice(0, 8)}` },
};

/** The parts of an answer that hold a raw session id, named by where they are. */
function leaks(where: string, answer: unknown): string[] {
  return JSON.stringify(answer).includes(sessionMark) ? [where] : [];
}

describe('what moderators and auditors see of visitors', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof moderationFixtures>>;
  let auditor: string;
  let moderator: string;
  const get = async (path: string, token = auditor) => {
    const { status, body } = await t.call('GET', path, { token });
    if (status !== 200) throw new Error(`${path} answered ${status}: ${JSON.stringify(body)}`);
    return body;
  };

  beforeAll(async () => {
    t = await startTestApp(quickestTarget());
    f = await moderationFixtures(t);
    auditor = (await f.account('auditor', null)).token;
    moderator = (await f.account('normal', college)).token;
  }, 60000);
  afterAll(async () => {
    await t.close();
  });

  it('shows every session id in every event type by pseudonym, in histories, past states, the log and exports', async () => {
    const targets = new Map<string, AuditTarget & { events: number }>();
    for (const [type, data] of Object.entries(samples)) {
      const event = { type, data } as NewEvent;
      const metadata = {
        actor: { kind: 'visitor', sessionId: session(`actor-${type}`) },
        collegeCode: college,
        occurredAt: now,
      };
      await t.storage.store.appendToStream(streamOf(event), [{ id: randomUUID(), ...event, metadata } as never]);
      const { target } = auditEntryOf(event)!;
      const key = `${target.type}/${target.id}`;
      targets.set(key, { ...target, events: (targets.get(key)?.events ?? 0) + 1 });
    }
    const histories = new Map<string, AuditHistoryPage>();
    await until(async () => {
      for (const [key, { events }] of targets) {
        const { status, body } = await t.call('GET', `/api/audit/history/${key}?limit=1000`, { token: auditor });
        if (status !== 200 || body.items.length < events) return false;
        histories.set(key, body);
      }
      return true;
    }, 20000);

    const found: string[] = [];
    for (const [key, history] of histories) {
      for (const entry of history.items) found.push(...leaks(`history of ${entry.action}`, entry));
      found.push(...leaks(`state of ${key}`, await get(`/api/audit/state/${key}?at=${new Date().toISOString()}`)));
    }
    found.push(...leaks('queues', await get(`/api/audit/queues?collegeCode=${college}`)));
    for (const entry of (await get('/api/audit/log?limit=200')).items)
      found.push(...leaks(`log of ${entry.action}`, entry));
    for (const format of ['json', 'csv']) {
      const exported = await t.call('GET', `/api/audit/export?format=${format}`, { token: auditor });
      found.push(...leaks(`${format} export`, exported.body));
    }
    expect(found).toEqual([]);

    // Each was there to hide: every session id of the samples shows as an 8-character pseudonym.
    const pairMatched = histories.get(`pair/${ids.pair}`)!.items.find((entry) => entry.action === 'PairMatched')!;
    expect(pairMatched.data.sessionIds).toEqual([expect.stringMatching(/^.{8}$/), expect.stringMatching(/^.{8}$/)]);
    expect(pairMatched.actor).toEqual({ id: expect.stringMatching(/^.{8}$/), username: null, role: 'visitor' });
  }, 60000);

  it("never shows a confession's author pseudonym beside the author's chat or pair messages", async () => {
    const visitor = (await t.call('POST', '/api/session')).body as { sessionToken: string; sessionId: string };
    const token = visitor.sessionToken;
    const body = { content: 'Something I never told anyone.', category: 'secrets', collegeCode: college };
    const confession = (await t.call('POST', '/api/confessions', { token, body })).body.id;
    const rooms = await get(`/api/chat/rooms?collegeCode=${college}`);
    const general = rooms.find((room: { name: string }) => room.name === 'General Chat').id;
    const said = (await t.call('POST', `/api/chat/rooms/${general}/messages`, { token, body: { content: 'Hi all' } }))
      .body;
    await f.pendingDirectMessage(college, visitor);
    const reportId = await f.pairingReport(college, visitor);

    // What the public reads: the message beside its sender's session id.
    const publicHistory = (await t.call('GET', `/api/chat/rooms/${general}/messages`)).body;
    expect(publicHistory.items.find((message: { id: string }) => message.id === said.id).sessionId).toBe(
      visitor.sessionId,
    );
    // What the moderators' queue shows of the confession's author.
    const pending = await get(`/api/admin/confessions/pending?collegeCode=${college}`, moderator);
    const author = pending.find((item: { id: string }) => item.id === confession).authorId as string;
    expect(author).toMatch(/^.{8}$/);

    const report = (await get(`/api/admin/pairing-reports?collegeCode=${college}`, moderator)).find(
      (item: { id: string }) => item.id === reportId,
    );
    const histories = [`chat-message/${said.id}`, `pair/${report.pairId}`, `pairing-report/${reportId}`];
    await until(async () => {
      const answers = await Promise.all(
        histories.map((key) => t.call('GET', `/api/audit/history/${key}`, { token: auditor })),
      );
      return answers.every(({ status, body }) => status === 200 && body.items.length > 0);
    });
    const chatView = (await get(`/api/admin/chat/messages?roomId=${general}`, moderator)).items.find(
      (message: { id: string }) => message.id === said.id,
    );
    const chatItems = new Set(['chat-message', 'pair', 'pairing-report']);
    const readable = {
      chatView,
      report,
      histories: await Promise.all(histories.map((key) => get(`/api/audit/history/${key}`))),
      states: await Promise.all(histories.map((key) => get(`/api/audit/state/${key}`))),
      log: (await get('/api/audit/log?limit=200')).items.filter((entry: { target: AuditTarget }) =>
        chatItems.has(entry.target.type),
      ),
    };
    expect(JSON.stringify(readable)).not.toContain(author);
    expect(JSON.stringify(readable)).not.toContain(visitor.sessionId);
    // The chat view still tells senders apart, by the pseudonym the audit shows beside the message.
    expect(chatView.authorId).toBe(readable.histories[0].items[0].actor.id);
    // Nor can an auditor look the visitor up in the log by the session id chat shows.
    expect((await get(`/api/audit/log?actor=${visitor.sessionId}`)).items).toEqual([]);
  }, 60000);
});
