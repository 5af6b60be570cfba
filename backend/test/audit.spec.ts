import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  type Actor,
  type AuditLogEntry,
  messages,
  moderationActions,
  type NewEvent,
  streamOf,
} from '@secretchatbox/contracts';
import { reportSkippedServerSuites, testDatabaseTargets, until } from '@secretchatbox/database/testing';
import type { Position } from '@secretchatbox/event-store';
import { tamperWithStoredEvents } from '@secretchatbox/event-store/testing';
import { ProjectionProgress } from '@secretchatbox/projections';
import { moderationFixtures } from './support/moderation-fixtures.js';
import { startTestApp, type TestApp } from './support/test-app.js';

reportSkippedServerSuites('the audit tests');

type Fixtures = Awaited<ReturnType<typeof moderationFixtures>>;

const auditor = { kind: 'admin', adminId: randomUUID(), username: 'hand-built-mod', role: 'normal' } as const;
const student: Actor = { kind: 'visitor', sessionId: 'hand-built-student-0001' };

/** A moment of the hand-built history: 24 November 2026, at `hh:mm` UTC. */
const at = (hhmm: string) => `2026-11-24T${hhmm}:00.000Z`;

for (const target of testDatabaseTargets()) {
  describe(`auditors' tools on ${target.name}`, () => {
    let t: TestApp;
    let f: Fixtures;
    let auditorToken: string;
    let collegeAdmin: { token: string; username: string; id: string };
    let moderator: { token: string; username: string; id: string };
    const ids = { confession: randomUUID(), other: randomUUID(), comment: randomUUID(), dm: randomUUID() };

    /** Appends an event as a command of the hand-built history would have, at `occurredAt`. */
    let last: Position | null = null;
    async function record(event: NewEvent, occurredAt: string, actor: Actor = auditor) {
      const metadata = { actor, collegeCode: 'C003', occurredAt };
      ({ position: last } = await t.storage.store.appendToStream(streamOf(event), [
        { id: randomUUID(), ...event, metadata },
      ]));
    }

    const get = (path: string, token = auditorToken) => t.call('GET', path, { token });
    /** The log once every entry of it is linked into the chain. */
    async function linkedLog(query: string, token = auditorToken): Promise<AuditLogEntry[]> {
      let items: AuditLogEntry[] = [];
      await until(async () => {
        ({ items } = (await get(`/api/audit/log?${query}`, token)).body as { items: AuditLogEntry[] });
        return items.every((item) => item.hash !== null);
      }, 10000);
      return items;
    }

    beforeAll(async () => {
      t = await startTestApp(target, { NETWORK_CONFESSION_LIMIT: '1000' });
      f = await moderationFixtures(t);
      auditorToken = (await f.account('auditor', null)).token;
      collegeAdmin = await f.account('college', 'C001');
      moderator = await f.account('normal', 'C001');

      // A confession's life: submitted 09:00, liked twice, reported 10:00, approved 09:30 by a
      // moderator, reports reviewed 10:30, reported again 11:00, deleted 12:00.
      const { confession, other, comment, dm } = ids;
      await record(
        {
          type: 'ConfessionSubmitted',
          data: {
            confessionId: confession,
            collegeCode: 'C003',
            category: 'secrets',
            content: 'The first one.',
            nickname: null,
          },
        },
        at('09:00'),
        student,
      );
      await record({ type: 'ConfessionApproved', data: { confessionId: confession } }, at('09:30'));
      for (const [minute, sessionId] of [
        ['09:40', 'liker-a'],
        ['09:50', 'liker-b'],
      ] as const) {
        await record({ type: 'ConfessionLiked', data: { confessionId: confession, sessionId } }, at(minute), {
          kind: 'visitor',
          sessionId,
        });
      }
      await record(
        {
          type: 'ConfessionReported',
          data: { confessionId: confession, sessionId: 'liker-a', reason: 'spam', note: null },
        },
        at('10:00'),
        { kind: 'visitor', sessionId: 'liker-a' },
      );
      await record(
        { type: 'ConfessionReportsReviewed', data: { confessionId: confession, reportCount: 1 } },
        at('10:30'),
      );
      await record(
        {
          type: 'ConfessionReported',
          data: { confessionId: confession, sessionId: 'liker-b', reason: 'harassment', note: 'mean' },
        },
        at('11:00'),
        { kind: 'visitor', sessionId: 'liker-b' },
      );
      await record(
        {
          type: 'ConfessionDeleted',
          data: { confessionId: confession, reasonCode: 'harassment', note: 'names a student' },
        },
        at('12:00'),
      );
      // Another confession, submitted 09:10, waits until 11:10; a comment on the first, 09:45 to 10:45;
      // a direct message sent 09:05, rejected 13:05.
      await record(
        {
          type: 'ConfessionSubmitted',
          data: {
            confessionId: other,
            collegeCode: 'C003',
            category: 'funny',
            content: 'The second one.',
            nickname: 'Owl',
          },
        },
        at('09:10'),
        student,
      );
      await record(
        { type: 'ConfessionRejected', data: { confessionId: other, reasonCode: 'spam', note: null } },
        at('11:10'),
      );
      await record(
        {
          type: 'CommentSubmitted',
          data: { commentId: comment, confessionId: confession, content: 'Same!', nickname: null },
        },
        at('09:45'),
        student,
      );
      await record({ type: 'CommentApproved', data: { commentId: comment, confessionId: confession } }, at('10:45'));
      await record(
        {
          type: 'DirectMessageSent',
          data: {
            messageId: dm,
            fromSessionId: 'student-a',
            toSessionId: 'student-b',
            collegeCode: 'C003',
            content: 'Hi',
          },
        },
        at('09:05'),
        student,
      );
      await record(
        { type: 'DirectMessageModerated', data: { messageId: dm, status: 'rejected', adminNote: 'no' } },
        at('13:05'),
      );
      await t.app.get(ProjectionProgress).waitFor(last!, ['ConfessionSubmitted'], 10000);
    }, 60000);

    afterAll(async () => {
      await t.close();
    });

    it("logs moderators' decisions with actor, item, reason and chain hash, newest first", async () => {
      const confessionId = await f.pendingConfession();
      const rejected = await t.call('PUT', `/api/confessions/${confessionId}/reject`, {
        token: moderator.token,
        body: { reasonCode: 'spam', note: 'advert' },
      });
      const [latest, ...older] = await linkedLog('collegeCode=C001&limit=20');
      expect(latest).toEqual({
        position: expect.stringMatching(/^\d+\/\d+$/),
        eventId: expect.any(String),
        at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        action: 'ConfessionRejected',
        actor: { id: moderator.id, username: moderator.username, role: 'normal' },
        collegeCode: 'C001',
        target: { type: 'confession', id: confessionId },
        reasonCode: 'spam',
        note: 'advert',
        requestId: rejected.headers.get('x-request-id'),
        link: expect.any(Number),
        hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
      expect(older.map((entry) => entry.action)).toEqual(
        expect.arrayContaining(['AdminSignedIn', 'AdminAccountCreated', 'ChatRoomOpened']),
      );
      for (const entry of [latest!, ...older]) expect(moderationActions).toContain(entry.action);
      const positions = [latest!, ...older].map((entry) => entry.link!);
      expect(positions).toEqual([...positions].sort((a, b) => b - a));
    });

    it('filters by college, moderator, action and time, and pages with a cursor', async () => {
      const byAction = await linkedLog('action=ConfessionDeleted&collegeCode=C003');
      expect(byAction.map((entry) => [entry.action, entry.target.id, entry.note])).toEqual([
        ['ConfessionDeleted', ids.confession, 'names a student'],
      ]);
      const byActor = await linkedLog(`actor=${moderator.username.toUpperCase()}`);
      expect(byActor.length).toBeGreaterThan(0);
      expect(byActor.every((entry) => entry.actor.id === moderator.id)).toBe(true);
      expect(await linkedLog(`actor=${moderator.id}`)).toEqual(byActor);
      const window = await linkedLog(`collegeCode=C003&from=${at('10:00')}&to=${at('12:00')}`);
      // Newest first in the log's order, the order the events were stored in (and chained).
      expect(window.map((entry) => entry.action)).toEqual([
        'CommentApproved',
        'ConfessionRejected',
        'ConfessionReportsReviewed',
      ]);
      const first = await get('/api/audit/log?collegeCode=C003&from=2026-11-24&to=2026-11-25&limit=2');
      const second = await get(
        `/api/audit/log?collegeCode=C003&from=2026-11-24&to=2026-11-25&limit=2&cursor=${first.body.nextCursor}`,
      );
      expect(first.body.items).toHaveLength(2);
      expect(second.body.items[0].position).not.toBe(first.body.items[1].position);
      const all = await linkedLog('collegeCode=C003&from=2026-11-24&to=2026-11-25&limit=200');
      expect([...first.body.items, ...second.body.items]).toEqual(all.slice(0, 4));
    });

    it('limits a college admin to its college, and refuses bad filters with the messages', async () => {
      const own = await linkedLog('limit=200', collegeAdmin.token);
      expect(own.length).toBeGreaterThan(0);
      expect(own.every((entry) => entry.collegeCode === 'C001')).toBe(true);
      expect((await get('/api/audit/log?collegeCode=C002', collegeAdmin.token)).status).toBe(403);
      expect((await get('/api/audit/log', moderator.token)).status).toBe(403);
      expect((await get('/api/audit/log', await f.visitor())).status).toBe(401);
      const bad = {
        'action=ConfessionLiked': messages.unknownAuditAction,
        'from=yesterday': messages.invalidAuditTime,
        [`from=${at('12:00')}&to=${at('10:00')}`]: messages.auditRangeReversed,
        'cursor=nonsense': messages.invalidCursor,
      };
      for (const [query, message] of Object.entries(bad)) {
        const answer = await get(`/api/audit/log?${query}`);
        expect([query, answer.status, answer.body.message]).toEqual([query, 400, message]);
      }
    });

    it('gives every event of an item, oldest first, deleted items included, visitors by pseudonym', async () => {
      const { status, body } = await get(`/api/audit/history/confession/${ids.confession}`);
      expect(status).toBe(200);
      expect(body.collegeCode).toBe('C003');
      expect(body.items.map((entry: { action: string }) => entry.action)).toEqual([
        'ConfessionSubmitted',
        'ConfessionApproved',
        'ConfessionLiked',
        'ConfessionLiked',
        'ConfessionReported',
        'ConfessionReportsReviewed',
        'ConfessionReported',
        'ConfessionDeleted',
      ]);
      const [submitted, approved, liked] = body.items;
      expect(submitted.actor).toEqual({ id: expect.stringMatching(/^[\w-]{8}$/), username: null, role: 'visitor' });
      expect(submitted.moderation).toBe(false);
      expect(approved).toMatchObject({ moderation: true, actor: { username: 'hand-built-mod' } });
      expect(liked.data.sessionId).not.toBe('liker-a');
      expect(JSON.stringify(body)).not.toContain('hand-built-student-0001');

      const kinds = {
        comment: ids.comment,
        'direct-message': ids.dm,
        admin: moderator.id,
        room: await f.room('C001'),
      };
      for (const [type, id] of Object.entries(kinds)) {
        const history = await get(`/api/audit/history/${type}/${id}`);
        expect([type, history.status, history.body.items.length > 0]).toEqual([type, 200, true]);
      }
      const admin = await get(`/api/audit/history/admin/${moderator.id}`);
      expect(admin.body.items.map((entry: { action: string }) => entry.action)).toEqual([
        'AdminAccountCreated',
        'AdminSignedIn',
      ]);
      expect(JSON.stringify(admin.body)).not.toContain('sessionHash');

      expect((await get(`/api/audit/history/poll/${ids.confession}`)).body.message).toBe(messages.unknownAuditItemType);
      expect((await get(`/api/audit/history/confession/${randomUUID()}`)).status).toBe(404);
      expect((await get(`/api/audit/history/confession/${ids.confession}`, collegeAdmin.token)).status).toBe(403);
    });

    it('gives an item as it stood at any moment, folded from its events', async () => {
      const state = async (moment: string) =>
        (await get(`/api/audit/state/confession/${ids.confession}?at=${moment}`)).body;
      expect(await state(at('08:59'))).toMatchObject({ status: null, events: 0 });
      expect(await state(at('09:20'))).toMatchObject({
        status: 'pending',
        collegeCode: 'C003',
        createdAt: at('09:00'),
        counts: { likes: 0, reports: 0, comments: 0 },
        decision: null,
      });
      expect(await state(at('10:50'))).toMatchObject({
        status: 'approved',
        counts: { likes: 2, reports: 1, comments: 1 },
        details: { reportsReviewed: true },
        decision: { action: 'ConfessionReportsReviewed', at: at('10:30'), by: { username: 'hand-built-mod' } },
      });
      expect(await state(at('12:30'))).toMatchObject({
        status: 'deleted',
        counts: { likes: 2, reports: 2 },
        decision: { action: 'ConfessionDeleted', reasonCode: 'harassment', note: 'names a student', at: at('12:00') },
        events: 8,
      });
      const now = await get(`/api/audit/state/direct-message/${ids.dm}`);
      expect(now.body).toMatchObject({ status: 'rejected', decision: { note: 'no', at: at('13:05') } });
    });

    it('gives the moderation queues as they stood at a moment', async () => {
      const queues = async (moment: string) => {
        const { body } = await get(`/api/audit/queues?collegeCode=C003&at=${moment}`);
        return Object.fromEntries(
          ['pendingConfessions', 'pendingComments', 'pendingDirectMessages', 'reportedConfessions'].map((name) => [
            name,
            body[name].items.map((item: { id: string; reports?: number }) =>
              item.reports === undefined ? item.id : `${item.id}:${item.reports}`,
            ),
          ]),
        );
      };
      const { confession, other, comment, dm } = ids;
      expect(await queues(at('09:20'))).toEqual({
        pendingConfessions: [confession, other],
        pendingComments: [],
        pendingDirectMessages: [dm],
        reportedConfessions: [],
      });
      expect(await queues(at('10:15'))).toEqual({
        pendingConfessions: [other],
        pendingComments: [comment],
        pendingDirectMessages: [dm],
        reportedConfessions: [`${confession}:1`],
      });
      expect(await queues(at('10:50'))).toMatchObject({ pendingComments: [], reportedConfessions: [] });
      expect(await queues(at('11:05'))).toMatchObject({ reportedConfessions: [`${confession}:2`] });
      expect(await queues(at('13:00'))).toEqual({
        pendingConfessions: [],
        pendingComments: [],
        pendingDirectMessages: [dm],
        reportedConfessions: [],
      });
      expect((await get(`/api/audit/queues?collegeCode=C003`, collegeAdmin.token)).status).toBe(403);
    });

    it('charts moderation volume per day and decision times', async () => {
      const { body } = await get('/api/audit/metrics?collegeCode=C003&from=2026-11-24&to=2026-11-25');
      expect(body.volume).toEqual(
        expect.arrayContaining([
          { day: '2026-11-24', collegeCode: 'C003', action: 'ConfessionApproved', count: 1 },
          { day: '2026-11-24', collegeCode: 'C003', action: 'ConfessionDeleted', count: 1 },
          { day: '2026-11-24', collegeCode: 'C003', action: 'DirectMessageModerated', count: 1 },
        ]),
      );
      // First decisions after 30 min (confession), 60 (comment), 120 (the other), 240 (the DM): interpolated percentiles.
      expect(body.decisionTimes).toEqual([
        { day: '2026-11-24', collegeCode: 'C003', decisions: 4, p50Seconds: 5400, p90Seconds: 12240 },
      ]);
    });

    it('exports the log as CSV or JSON ending with the chain head, and logs the export', async () => {
      const log = await linkedLog('collegeCode=C003&from=2026-11-24&to=2026-11-25&limit=200');
      const csv = await fetch(
        `${t.baseUrl}/api/audit/export?format=csv&collegeCode=C003&from=2026-11-24&to=2026-11-25`,
        {
          headers: { 'x-session-token': auditorToken },
        },
      );
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="moderation-log-.*\.csv"$/);
      const lines = (await csv.text()).trimEnd().split('\r\n');
      expect(lines[0]).toBe(
        'position,eventId,at,action,actorId,actorUsername,actorRole,collegeCode,targetType,targetId,reasonCode,note,requestId,link,hash',
      );
      expect(lines.slice(1, -1)).toHaveLength(log.length);
      expect(lines[1]).toContain(log[0]!.eventId);
      expect(lines.at(-1)).toMatch(/^# chain head: \d+ links, head [0-9a-f]{64}$/);

      const json = await get('/api/audit/export?format=json&collegeCode=C003&action=ConfessionDeleted');
      expect(json.body).toEqual([
        expect.objectContaining({ action: 'ConfessionDeleted', target: { type: 'confession', id: ids.confession } }),
        { chainHead: { links: expect.any(Number), hash: expect.stringMatching(/^[0-9a-f]{64}$/) } },
      ]);
      const exports = await linkedLog('action=AuditLogExported&limit=5');
      expect(exports.slice(0, 2).map((entry) => entry.actor.role)).toEqual(['auditor', 'auditor']);
      // Each export's entry names the request that made it, as that request's answer did.
      expect(exports[1]!.requestId).toBe(csv.headers.get('x-request-id'));
      const history = await get(`/api/audit/history/admin/${exports[0]!.actor.id}`);
      const recorded = history.body.items.filter((entry: { action: string }) => entry.action === 'AuditLogExported');
      expect(recorded.map((entry: { data: unknown }) => entry.data)).toEqual([
        expect.objectContaining({
          format: 'csv',
          filters: { collegeCode: 'C003', from: '2026-11-24T00:00:00.000Z', to: '2026-11-25T00:00:00.000Z' },
          rowCount: log.length,
        }),
        expect.objectContaining({
          format: 'json',
          filters: { collegeCode: 'C003', action: 'ConfessionDeleted' },
          rowCount: 1,
        }),
      ]);
      expect((await get('/api/audit/export')).body.fields).toEqual({ format: messages.exportFormatRequired });
    });

    it('verifies the chain, and names the first broken link once an event is altered', async () => {
      await linkedLog('limit=1');
      const intact = await get('/api/audit/verify');
      expect(intact.body).toMatchObject({
        intact: true,
        broken: null,
        message: `chain intact: ${intact.body.links} links, head ${intact.body.head}`,
      });
      const [deleted] = await linkedLog('action=ConfessionDeleted&collegeCode=C003');
      await tamperWithStoredEvents(
        t.storage.db,
        `UPDATE event_store.events SET data = jsonb_set(data, '{note}', '"nothing"') WHERE event_id = $1`,
        [deleted!.eventId],
      );
      const broken = await get('/api/audit/verify');
      expect(broken.body).toMatchObject({
        intact: false,
        broken: { link: deleted!.link, eventId: deleted!.eventId, problem: 'altered' },
      });
      expect(broken.body.message).toMatch(`chain broken at link ${deleted!.link} (event ${deleted!.eventId}`);
    });
  });
}
