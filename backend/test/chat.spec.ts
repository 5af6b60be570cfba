import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type IQuery, QueryBus } from '@nestjs/cqrs';
import { limits, messages, socketEvents, streams } from '@secretchatbox/contracts';
import { reportSkippedServerSuites, testDatabaseTargets } from '@secretchatbox/database/testing';
import { ChatHistoryPageQuery } from '../src/features/chat/chat-history-page.query.js';
import { moderationFixtures } from './support/moderation-fixtures.js';
import { join, next, socketPool } from './support/sockets.js';
import { startTestApp, type TestApp } from './support/test-app.js';

reportSkippedServerSuites('the chat tests');

/** The system clock, moved on by hand: the allowance's day and burst window follow it. */
class MovableClock {
  private offsetMs = 0;
  now = () => new Date(Date.now() + this.offsetMs);
  advance(ms: number) {
    this.offsetMs += ms;
  }
}

for (const target of testDatabaseTargets()) {
  describe(`chat rooms over HTTP on ${target.name}`, () => {
    let t: TestApp;
    let fixtures: Awaited<ReturnType<typeof moderationFixtures>>;
    let general: string;
    const clock = new MovableClock();
    let network = 0;
    /** A new visitor, each from a network of its own so that session starts never hit their limit. */
    const visitor = async () => {
      network += 1;
      const headers = { 'x-forwarded-for': `10.9.${network >> 8}.${network & 255}` };
      return (await t.call('POST', '/api/session', { headers })).body.sessionToken as string;
    };
    const post = (roomId: string, token: string | undefined, body: unknown) =>
      t.call('POST', `/api/chat/rooms/${roomId}/messages`, { token, body });
    const history = (roomId: string, query = '') => t.call('GET', `/api/chat/rooms/${roomId}/messages${query}`);
    /** A stream's events as stored: what they say, and who the metadata names. */
    const stored = async (streamId: string) =>
      (await t.storage.store.readStream(streamId)).map(({ type, data, metadata }) => ({ type, data, metadata }));

    beforeAll(async () => {
      t = await startTestApp(target, { TRUST_PROXY: '1' }, clock);
      fixtures = await moderationFixtures(t);
      const rooms = (await t.call('GET', '/api/chat/rooms?collegeCode=C001')).body;
      general = rooms.find((room: { name: string }) => room.name === 'General Chat').id;
    });
    afterAll(async () => {
      await t.close();
    });

    it("refuses bad messages with the contracts' messages, and a caller without a session", async () => {
      const token = await visitor();
      const cases: [unknown, Record<string, string>][] = [
        [{ content: '' }, { content: messages.roomMessageEmpty }],
        [{ content: '   \n ' }, { content: messages.roomMessageEmpty }],
        [{ content: 'x'.repeat(501) }, { content: messages.roomMessageTooLong }],
        [{ content: 'hi', nickname: 'ab' }, { nickname: messages.nicknameTooShort }],
        [{ content: 'hi', nickname: 'x'.repeat(21) }, { nickname: messages.nicknameTooLong }],
        [{ content: 'hi', isAdmin: true }, { isAdmin: messages.unknownField }],
      ];
      for (const [body, fields] of cases) {
        const { status, body: answer } = await post(general, token, body);
        expect({ status, fields: answer.fields }).toEqual({ status: 400, fields });
      }
      expect((await post(general, undefined, { content: 'hi' })).status).toBe(401);
      expect((await post(general, 'not-a-session', { content: 'hi' })).status).toBe(401);
      expect((await t.call('GET', '/api/daily-limit', { token })).body.chat).toEqual({
        remaining: limits.dailyChatMessages,
        used: 0,
        limit: limits.dailyChatMessages,
      });
    });

    it("stores a message, answers with it, counts it in the chat allowance only, and marks a moderator's", async () => {
      const token = await visitor();
      const emoji = '🎉'.repeat(limits.roomMessage.max);
      const { status, body } = await post(general, token, {
        content: `  ${emoji}  `,
        nickname: 'Night Owl',
        isPublic: true,
      });
      expect(status).toBe(201);
      const session = (await t.call('GET', '/api/session', { token })).body;
      expect(body).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        roomId: general,
        content: emoji,
        nickname: 'Night Owl',
        sessionId: session.sessionId,
        createdAt: expect.stringMatching(/Z$/),
        isAdmin: false,
      });
      expect((await history(general)).body.items.at(-1)).toEqual(body);
      expect(await stored(streams.chatMessage(body.id))).toEqual([
        {
          type: 'ChatMessagePosted',
          data: expect.objectContaining({ messageId: body.id, collegeCode: 'C001', sentAt: body.createdAt }),
          metadata: expect.objectContaining({
            actor: { kind: 'visitor', sessionId: session.sessionId },
            collegeCode: 'C001',
          }),
        },
      ]);
      for (const content of ['two', 'three']) expect((await post(general, token, { content })).status).toBe(201);
      const limit = (await t.call('GET', '/api/daily-limit', { token })).body;
      expect(limit).toMatchObject({ remaining: limits.dailyConfessions, used: 0 });
      expect(limit.chat).toEqual({ remaining: limits.dailyChatMessages - 3, used: 3, limit: limits.dailyChatMessages });

      const moderator = await post(general, fixtures.chiefToken, { content: 'Be kind, everyone.' });
      expect(moderator.status).toBe(201);
      expect(moderator.body).toMatchObject({
        isAdmin: true,
        nickname: null,
        sessionId: expect.stringMatching(/^admin-/),
      });
      expect((await stored(streams.chatMessage(moderator.body.id)))[0]!.metadata).toMatchObject({
        actor: { kind: 'admin', role: 'chief' },
        collegeCode: 'C001',
      });
    });

    it("lets moderators post only in their college's rooms, the chief anywhere, auditors nowhere, within their own limits", async () => {
      const auditor = await fixtures.account('auditor', null);
      const elsewhere = await fixtures.account('normal', 'C002');
      const own = await fixtures.account('normal', 'C001');
      const refused = [
        await post(general, auditor.token, { content: 'hi' }),
        await post(general, elsewhere.token, { content: 'hi' }),
      ];
      expect(refused.map(({ status, body }) => [status, body.message])).toEqual([
        [403, messages.forbiddenRole],
        [403, messages.outOfScope],
      ]);
      const c002 = (await t.call('GET', '/api/chat/rooms?collegeCode=C002')).body[0].id;
      expect((await post(c002, fixtures.chiefToken, { content: 'Hello, C002.' })).status).toBe(201);

      const { limit } = limits.moderatorChatBurst;
      const answers = await Promise.all(
        Array.from({ length: limit + 10 }, (_, n) => post(general, own.token, { content: `notice ${n}` })),
      );
      expect(answers.filter((answer) => answer.status === 201)).toHaveLength(limit);
      const tooFast = answers.filter((answer) => answer.status === 429);
      expect(tooFast).toHaveLength(10);
      expect(tooFast[0]!.body.message).toBe(messages.chatTooFast);
    });

    it('pages back through a room with cursors, oldest first within a page, without removed messages', async () => {
      const roomId = await fixtures.room();
      const sent: string[] = [];
      for (let sender = 0; sender < 12; sender += 1) {
        const token = await visitor();
        for (let n = 0; n < limits.chatBurst.limit; n += 1) {
          const { body } = await post(roomId, token, { content: `message ${sender * 10 + n}` });
          sent.push(body.id);
        }
      }
      const removed = sent[100]!;
      expect(
        (await t.call('DELETE', `/api/admin/chat/messages/${removed}`, { token: fixtures.chiefToken })).status,
      ).toBe(200);
      const shown = sent.filter((id) => id !== removed);

      const first = (await history(roomId)).body;
      expect(first.items.map((item: { id: string }) => item.id)).toEqual(shown.slice(-50));
      const second = (await history(roomId, `?cursor=${encodeURIComponent(first.nextCursor)}`)).body;
      expect(second.items.map((item: { id: string }) => item.id)).toEqual(shown.slice(-100, -50));
      const third = (await history(roomId, `?cursor=${encodeURIComponent(second.nextCursor)}`)).body;
      expect(third.items.map((item: { id: string }) => item.id)).toEqual(shown.slice(0, -100));
      expect(third.nextCursor).toBeNull();
      expect((await history(roomId, '?limit=100')).body.items).toHaveLength(100);

      expect((await history(roomId, '?limit=101')).status).toBe(400);
      for (const cursor of ['garbage', '9223372036854775808_1', '1_9223372036854775808']) {
        expect((await history(roomId, `?cursor=${cursor}`)).body).toMatchObject({
          statusCode: 400,
          message: messages.invalidCursor,
        });
      }
      expect((await history(roomId, '?cursor=9223372036854775807_1')).body).toEqual(first);
      expect((await history('00000000-0000-4000-8000-000000000000')).status).toBe(404);
      expect((await history('not-a-room')).status).toBe(404);
      expect((await post('not-a-room', await visitor(), { content: 'hi' })).body).toMatchObject({
        statusCode: 404,
        message: messages.roomNotFound,
      });

      // Moderators page back newest first, through the same cursors.
      const moderated = (query: string) =>
        t.call('GET', `/api/admin/chat/messages?roomId=${roomId}${query}`, { token: fixtures.chiefToken });
      const newest = (await moderated('&limit=100')).body;
      expect(newest.items.map((item: { id: string }) => item.id)).toEqual(shown.slice(-100).reverse());
      const oldest = (await moderated(`&limit=100&cursor=${encodeURIComponent(newest.nextCursor)}`)).body;
      expect(oldest).toEqual({ items: expect.any(Array), nextCursor: null });
      expect(oldest.items.map((item: { id: string }) => item.id)).toEqual(shown.slice(0, -100).reverse());
      for (const unknown of ['00000000-0000-4000-8000-000000000000', 'not-a-room']) {
        const answer = await t.call('GET', `/api/admin/chat/messages?roomId=${unknown}`, {
          token: fixtures.chiefToken,
        });
        expect(answer.body).toMatchObject({ statusCode: 404, message: messages.roomNotFound });
      }
    });

    it("answers a room's history read again as it first sent it, until the room changes", async () => {
      const roomId = await fixtures.room();
      const token = await visitor();
      await post(roomId, token, { content: 'first words' });
      const bus = t.app.get(QueryBus);
      const execute = bus.execute.bind(bus);
      let pagesRead = 0;
      bus.execute = ((query: IQuery) => {
        if (query instanceof ChatHistoryPageQuery) pagesRead += 1;
        return execute(query);
      }) as typeof bus.execute;
      try {
        const read = (id = roomId) =>
          fetch(`${t.baseUrl}/api/chat/rooms/${id}/messages`, { headers: { 'accept-encoding': 'gzip' } });
        const first = await read();
        const firstBody = await first.text();
        const again = await read();
        expect(pagesRead).toBe(1);
        expect(again.status).toBe(200);
        expect(again.headers.get('content-type')).toBe(first.headers.get('content-type'));
        expect(await again.text()).toBe(firstBody);
        expect(await (await read(roomId.toUpperCase())).text()).toBe(firstBody);
        // Stored, a message has been applied when its answer comes: the next read shows it.
        await post(roomId, token, { content: 'second words' });
        const contents = (await history(roomId)).body.items.map((item: { content: string }) => item.content);
        expect(contents).toEqual(['first words', 'second words']);
      } finally {
        bus.execute = execute;
      }
    });

    it('refuses to read or post in an archived room', async () => {
      const roomId = await fixtures.room();
      const token = await visitor();
      expect((await post(roomId, token, { content: 'before' })).status).toBe(201);
      expect(
        (await t.call('PUT', `/api/chat/rooms/${roomId}/archive`, { token: fixtures.chiefToken, body: {} })).status,
      ).toBe(200);
      expect((await history(roomId)).body).toMatchObject({ statusCode: 404, message: messages.roomNotFound });
      expect((await post(roomId, token, { content: 'after' })).body).toMatchObject({
        statusCode: 404,
        message: messages.roomNotFound,
      });
    });

    it("lets moderators of the room's college remove a message once, and read the room with pseudonyms", async () => {
      const token = await visitor();
      const { body: message } = await post(general, token, { content: 'my number is 555-0100' });
      const other = await fixtures.account('normal', 'C002');
      const auditor = await fixtures.account('auditor', null);
      const own = await fixtures.account('college', 'C001');
      const remove = (who: string, body: unknown = {}) =>
        t.call('DELETE', `/api/admin/chat/messages/${message.id}`, { token: who, body });

      const listed = (await t.call('GET', `/api/admin/chat/messages?roomId=${general}`, { token: auditor.token })).body;
      expect(listed.items[0]).toMatchObject({ id: message.id, authorId: expect.stringMatching(/^.{8}$/) });
      expect(listed.items[0]).not.toHaveProperty('sessionId');
      expect((await t.call('GET', `/api/admin/chat/messages?roomId=${general}`, { token: other.token })).status).toBe(
        403,
      );

      expect((await remove(other.token)).status).toBe(403);
      expect((await remove(auditor.token)).status).toBe(403);
      expect((await remove(own.token, { reasonCode: 'personal_info', note: 'phone number' })).body).toEqual({
        id: message.id,
        roomId: general,
        status: 'removed',
      });
      expect((await remove(fixtures.chiefToken)).body).toMatchObject({
        statusCode: 409,
        message: messages.chatMessageAlreadyRemoved('personal_info'),
      });
      expect((await stored(streams.chatMessage(message.id))).at(-1)).toEqual({
        type: 'ChatMessageRemoved',
        data: {
          messageId: message.id,
          roomId: general,
          collegeCode: 'C001',
          reasonCode: 'personal_info',
          note: 'phone number',
        },
        metadata: expect.objectContaining({
          actor: { kind: 'admin', adminId: own.id, username: expect.any(String), role: 'college' },
          collegeCode: 'C001',
        }),
      });
      expect((await history(general)).body.items.map((item: { id: string }) => item.id)).not.toContain(message.id);
      expect(
        (
          await t.call('DELETE', '/api/admin/chat/messages/00000000-0000-4000-8000-000000000000', {
            token: fixtures.chiefToken,
          })
        ).status,
      ).toBe(404);
    });

    it('answers a retry with the same Idempotency-Key with the first message, stored and counted once', async () => {
      const token = await visitor();
      const headers = { 'idempotency-key': '6d1f4c2e-8a7b-4c3d-9e0f-1a2b3c4d5e6f' };
      const send = () =>
        t.call('POST', `/api/chat/rooms/${general}/messages`, { token, body: { content: 'said once' }, headers });
      const first = await send();
      const again = await send();
      expect(first.status).toBe(201);
      expect(again.body).toEqual(first.body);
      const said = (await history(general, '?limit=100')).body.items.filter(
        (item: { content: string }) => item.content === 'said once',
      );
      expect(said).toHaveLength(1);
      expect((await t.call('GET', '/api/daily-limit', { token })).body.chat.used).toBe(1);
    });

    it('accepts 50 visitors posting into one room at once, every one', async () => {
      const roomId = await fixtures.room();
      const tokens = await Promise.all(Array.from({ length: 50 }, visitor));
      const answers = await Promise.all(tokens.map((token, n) => post(roomId, token, { content: `at once ${n}` })));
      expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(201));
      expect((await history(roomId, '?limit=100')).body.items).toHaveLength(50);
    });

    it("accepts 10 of one visitor's 50 messages sent at once, and tells the rest when to try again", async () => {
      const token = await visitor();
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, n) => post(general, token, { content: `burst ${n}` })),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(limits.chatBurst.limit);
      const refused = answers.filter((answer) => answer.status === 429);
      expect(refused).toHaveLength(50 - limits.chatBurst.limit);
      expect(refused[0]!.body).toMatchObject({ message: messages.chatTooFast, code: 'rate_limited' });
      expect(Number(refused[0]!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect((await t.call('GET', '/api/daily-limit', { token })).body.chat.used).toBe(limits.chatBurst.limit);
    });

    it("refuses the message past the day's allowance until the quota day ends", async () => {
      const token = await visitor();
      const rounds = limits.dailyChatMessages / limits.chatBurst.limit;
      // A quota day that ends while the rounds move the clock on would give the allowance back.
      const { resetsAt } = (await t.call('GET', '/api/daily-limit', { token })).body;
      const dayLeftMs = Date.parse(resetsAt) - clock.now().getTime();
      if (dayLeftMs < (rounds * limits.chatBurst.windowSeconds + 60) * 1000) clock.advance(dayLeftMs + 1000);
      for (let round = 0; round < rounds; round += 1) {
        const answers = await Promise.all(
          Array.from({ length: limits.chatBurst.limit }, (_, n) =>
            post(general, token, { content: `day ${round}.${n}` }),
          ),
        );
        expect(answers.map((answer) => answer.status)).toEqual(Array(limits.chatBurst.limit).fill(201));
        clock.advance(limits.chatBurst.windowSeconds * 1000);
      }
      const refused = await post(general, token, { content: 'one more' });
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ message: messages.dailyLimitReached, code: 'daily_limit_reached' });
      const limit = (await t.call('GET', '/api/daily-limit', { token })).body;
      expect(limit.chat).toEqual({ remaining: 0, used: limits.dailyChatMessages, limit: limits.dailyChatMessages });
      const untilDayEnds = (Date.parse(limit.resetsAt) - clock.now().getTime()) / 1000;
      expect(Math.abs(Number(refused.headers.get('retry-after')) - untilDayEnds)).toBeLessThan(5);
    });

    it('pushes each stored message and each removal to the sockets in the room', async () => {
      const sockets = socketPool();
      try {
        const socket = await sockets.connect(t.baseUrl, await visitor());
        expect(await join(socket, general)).toEqual({ ok: true, roomId: general });
        const received = next(socket, socketEvents.receiveMessage);
        const { body: message } = await post(general, await visitor(), { content: 'live!' });
        expect(await received).toEqual(message);
        const removed = next(socket, socketEvents.messageRemoved);
        await t.call('DELETE', `/api/admin/chat/messages/${message.id}`, { token: fixtures.chiefToken });
        expect(await removed).toEqual({ id: message.id, roomId: general });
      } finally {
        sockets.closeAll();
      }
    });
  });
}
