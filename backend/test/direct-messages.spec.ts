import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { messages, streams } from '@secretchatbox/contracts';
import { reportSkippedServerSuites, testDatabaseTargets } from '@secretchatbox/database/testing';
import { chattingVisitor, moderationFixtures } from './support/moderation-fixtures.js';
import { startTestApp, type TestApp } from './support/test-app.js';

reportSkippedServerSuites('the direct-message tests');

type Visitor = { sessionToken: string; sessionId: string };

for (const target of testDatabaseTargets()) {
  describe(`direct messages between visitors on ${target.name}`, () => {
    let t: TestApp;
    let fixtures: Awaited<ReturnType<typeof moderationFixtures>>;
    let network = 0;
    /** A new visitor, each from a network of its own so that session starts never hit their limit. */
    const newVisitor = async (): Promise<Visitor> => {
      network += 1;
      const headers = { 'x-forwarded-for': `10.13.${network >> 8}.${network & 255}` };
      return (await t.call('POST', '/api/session', { headers })).body;
    };
    const send = (from: Visitor | undefined, body: unknown) =>
      t.call('POST', '/api/direct-messages', { token: from?.sessionToken, body });
    const inbox = async (visitor: Visitor) => {
      const { status, body } = await t.call('GET', '/api/direct-messages', { token: visitor.sessionToken });
      expect(status).toBe(200);
      return body as { id: string; status: string; adminNote: string | null; fromSessionId: string }[];
    };
    const decide = (id: string, status: 'approved' | 'rejected', adminNote?: string) =>
      t.call('POST', `/api/admin/direct-messages/${id}/approve`, {
        token: fixtures.chiefToken,
        body: { status, ...(adminNote ? { adminNote } : {}) },
      });

    beforeAll(async () => {
      t = await startTestApp(target, { TRUST_PROXY: '1', DIRECT_MESSAGE_DAILY_LIMIT: '3' });
      fixtures = await moderationFixtures(t);
    });
    afterAll(async () => {
      await t.close();
    });

    it("refuses bad messages with the contracts' messages, a caller without a session, and unknown recipients", async () => {
      const alice = await chattingVisitor(t, 'C001', await newVisitor());
      const bob = await newVisitor();
      const cases: [unknown, number, string][] = [
        [{ content: '', toSessionId: bob.sessionId }, 400, messages.directMessageEmpty],
        [{ content: '  \n', toSessionId: bob.sessionId }, 400, messages.directMessageEmpty],
        [{ content: 'x'.repeat(1001), toSessionId: bob.sessionId }, 400, messages.directMessageTooLong],
        [{ content: 'hello' }, 400, messages.recipientRequired],
        [{ content: 'hello', toSessionId: '' }, 400, messages.recipientRequired],
        [{ content: 'hello', toSessionId: alice.sessionId }, 400, messages.directMessageToSelf],
        [{ content: 'hello', toSessionId: 'no-such-session-id-000' }, 404, messages.recipientNotFound],
        [{ content: 'hello', toSessionId: bob.sessionId, status: 'approved' }, 400, messages.unknownField],
      ];
      for (const [body, status, message] of cases) {
        const answer = await send(alice, body);
        expect({ body, status: answer.status }).toEqual({ body, status });
        expect(JSON.stringify(answer.body)).toContain(message);
      }
      expect((await send(undefined, { content: 'hello', toSessionId: bob.sessionId })).status).toBe(401);
      expect((await t.call('GET', '/api/direct-messages')).status).toBe(401);
      expect(await inbox(alice)).toEqual([]);
    });

    it("goes to the moderators of the sender's college, and reaches the recipient only once approved", async () => {
      const alice = await chattingVisitor(t, 'C003', await newVisitor());
      const bob = await newVisitor();
      const carol = await newVisitor();
      const sent = await send(alice, { content: 'Want to study together?', toSessionId: bob.sessionId });
      expect(sent).toMatchObject({
        status: 201,
        body: {
          id: expect.any(String),
          content: 'Want to study together?',
          fromSessionId: alice.sessionId,
          toSessionId: bob.sessionId,
          status: 'pending',
          adminNote: null,
          createdAt: expect.any(String),
          remaining: 2,
        },
      });
      const id = sent.body.id as string;
      const [stored] = await t.storage.store.readStream(streams.directMessage(id));
      expect(stored).toMatchObject({ type: 'DirectMessageSent', data: { collegeCode: 'C003' } });

      expect(await inbox(alice)).toEqual([expect.objectContaining({ id, status: 'pending', adminNote: null })]);
      expect(await inbox(bob)).toEqual([]);
      const normal = await fixtures.account('normal', 'C001');
      const elsewhere = await t.call('GET', '/api/admin/direct-messages/pending', { token: normal.token });
      expect(elsewhere.body.map((item: { id: string }) => item.id)).not.toContain(id);

      expect((await decide(id, 'approved', 'Be kind')).status).toBe(200);
      expect(await inbox(alice)).toEqual([expect.objectContaining({ id, status: 'approved', adminNote: 'Be kind' })]);
      expect(await inbox(bob)).toEqual([
        {
          id,
          content: 'Want to study together?',
          fromSessionId: alice.sessionId,
          toSessionId: bob.sessionId,
          status: 'approved',
          adminNote: null,
          createdAt: expect.any(String),
        },
      ]);
      expect(await inbox(carol)).toEqual([]);
    });

    it('never shows a rejected message to its recipient', async () => {
      const alice = await chattingVisitor(t, 'C001', await newVisitor());
      const bob = await newVisitor();
      const { body } = await send(alice, { content: 'something unkind', toSessionId: bob.sessionId });
      expect((await decide(body.id, 'rejected', 'Harassment')).status).toBe(200);
      expect(await inbox(alice)).toEqual([
        expect.objectContaining({ id: body.id, status: 'rejected', adminNote: 'Harassment' }),
      ]);
      expect(await inbox(bob)).toEqual([]);
    });

    it("takes the recipient's chat college for a sender who never spoke, and refuses when neither did", async () => {
      const bob = await chattingVisitor(t, 'C003', await newVisitor());
      const reader = await newVisitor();
      const { body } = await send(reader, { content: 'Saw your message in chat', toSessionId: bob.sessionId });
      const [stored] = await t.storage.store.readStream(streams.directMessage(body.id));
      expect(stored).toMatchObject({ data: { collegeCode: 'C003' } });
      const stranger = await newVisitor();
      expect(await send(reader, { content: 'hello', toSessionId: stranger.sessionId })).toMatchObject({
        status: 400,
        body: { message: messages.directMessageCollegeUnknown },
      });
    });

    it('holds each visitor to the daily allowance, also when sends race, and answers a retry once', async () => {
      const alice = await chattingVisitor(t, 'C001', await newVisitor());
      const bob = await newVisitor();
      const idempotent = { 'idempotency-key': crypto.randomUUID() };
      const first = await t.call('POST', '/api/direct-messages', {
        token: alice.sessionToken,
        headers: idempotent,
        body: { content: 'first', toSessionId: bob.sessionId },
      });
      const retry = await t.call('POST', '/api/direct-messages', {
        token: alice.sessionToken,
        headers: idempotent,
        body: { content: 'first', toSessionId: bob.sessionId },
      });
      expect(retry.body.id).toBe(first.body.id);
      const racing = await Promise.all(
        Array.from({ length: 4 }, (_, n) => send(alice, { content: `race ${n}`, toSessionId: bob.sessionId })),
      );
      expect(racing.map((answer) => answer.status).sort()).toEqual([201, 201, 429, 429]);
      const refused = racing.find((answer) => answer.status === 429)!;
      expect(refused.body.message).toBe(messages.dailyLimitReached);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await inbox(alice)).toHaveLength(3);
    });
  });
}
