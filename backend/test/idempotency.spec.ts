import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { messages } from '@secretchatbox/contracts';
import { reportSkippedServerSuites, testDatabaseTargets } from '@secretchatbox/database/testing';
import { moderationFixtures } from './support/moderation-fixtures.js';
import { chief, startTestApp, type TestApp } from './support/test-app.js';

reportSkippedServerSuites('the Idempotency-Key tests');

const confession = {
  content: 'I sing to the library plants when no one is there.',
  category: 'funny',
  collegeCode: 'C001',
};

for (const target of testDatabaseTargets()) {
  describe(`Idempotency-Key on ${target.name}`, () => {
    let t: TestApp;
    let fixtures: Awaited<ReturnType<typeof moderationFixtures>>;
    // Every event but the chain's links, which its writer appends a moment after each decision.
    const events = async () => {
      const { rows } = await t.storage.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM event_store.events WHERE stream_id <> 'auditChain'",
      );
      return rows[0]!.n;
    };
    const keyed = (key: string) => ({ 'idempotency-key': key });
    const visitor = async () => (await t.call('POST', '/api/session')).body.sessionToken as string;

    /** Sends the same request twice with one key: the second answer must equal the first, and append nothing. */
    async function repeat(method: string, path: string, options: { token?: string; body?: unknown } = {}) {
      const key = randomUUID();
      const first = await t.call(method, path, { ...options, headers: keyed(key) });
      const before = await events();
      const again = await t.call(method, path, { ...options, headers: keyed(key) });
      expect({ status: again.status, body: again.body }).toEqual({ status: first.status, body: first.body });
      expect(await events()).toBe(before);
      return first;
    }

    beforeAll(async () => {
      t = await startTestApp(target);
      fixtures = await moderationFixtures(t);
    });
    afterAll(async () => {
      await t.close();
    });

    it('answers a repeated submission as the first one, storing one confession', async () => {
      const token = await visitor();
      const first = await repeat('POST', '/api/confessions', { token, body: confession });
      expect(first.status).toBe(201);
      expect(first.body.remaining).toBe(4);
      const limit = await t.call('GET', '/api/daily-limit', { token });
      expect(limit.body.remaining).toBe(4);
    });

    it('does not toggle a like back when the like is retried', async () => {
      const token = await visitor();
      const id = await fixtures.approvedConfession();
      const first = await repeat('POST', `/api/confessions/${id}/like`, { token, body: {} });
      expect(first.body).toEqual({ liked: true, likes: 1 });
      const shown = await t.call('GET', `/api/confessions/${id}`, { token });
      expect({ liked: shown.body.liked, likes: shown.body.likes }).toEqual({ liked: true, likes: 1 });
    });

    it('gives a retried session start the same session, and a retried sign-in the same admin session', async () => {
      const session = await repeat('POST', '/api/session', { body: {} });
      expect(session.status).toBe(201);
      const me = await t.call('GET', '/api/session', { token: session.body.sessionToken });
      expect(me.body.sessionId).toBe(session.body.sessionId);
      const login = await repeat('POST', '/api/auth/login', { body: chief });
      expect(login.status).toBe(200);
      expect((await t.call('GET', '/api/auth/me', { token: login.body.sessionToken })).status).toBe(200);
    });

    it('answers a retried comment, report and moderation decision as the first time', async () => {
      const token = await visitor();
      const id = await fixtures.approvedConfession();
      const comment = await repeat('POST', `/api/confessions/${id}/comments`, { token, body: { content: 'Same!' } });
      expect(comment.status).toBe(201);
      const report = await repeat('POST', `/api/confessions/${id}/report`, { token, body: { reason: 'spam' } });
      expect(report.status).toBe(201);
      const pending = await fixtures.pendingConfession();
      const approval = await repeat('PUT', `/api/confessions/${pending}/approve`, {
        token: fixtures.chiefToken,
        body: {},
      });
      expect(approval.body).toEqual({ id: pending, status: 'approved' });
    });

    it('repeats a refusal too, and treats the same key from someone else, or on another route, as a new request', async () => {
      const id = await fixtures.approvedConfession();
      const key = randomUUID();
      const [alice, bob] = [await visitor(), await visitor()];
      const like = (token: string, target = id) =>
        t.call('POST', `/api/confessions/${target}/like`, { token, body: {}, headers: keyed(key) });
      expect((await like(alice)).body).toEqual({ liked: true, likes: 1 });
      expect((await like(bob)).body).toEqual({ liked: true, likes: 2 });
      const other = await fixtures.approvedConfession();
      expect((await like(alice, other)).body).toEqual({ liked: true, likes: 1 });
      const missing = randomUUID();
      const refusedKey = randomUUID();
      const refused = () =>
        t.call('POST', `/api/confessions/${missing}/like`, { token: alice, body: {}, headers: keyed(refusedKey) });
      expect((await refused()).status).toBe(404);
      expect((await refused()).status).toBe(404);
    });

    it('appends once when the same request arrives twice at the same moment', async () => {
      const token = await visitor();
      const id = await fixtures.approvedConfession();
      const key = randomUUID();
      const before = await events();
      const answers = await Promise.all(
        [1, 2, 3].map(() => t.call('POST', `/api/confessions/${id}/like`, { token, body: {}, headers: keyed(key) })),
      );
      expect(answers.map((answer) => answer.body)).toEqual([1, 2, 3].map(() => ({ liked: true, likes: 1 })));
      expect(await events()).toBe(before + 1);
    });

    it('refuses a key that is not a UUID, changing nothing', async () => {
      const token = await visitor();
      const before = await events();
      const { status, body } = await t.call('POST', '/api/confessions', {
        token,
        body: confession,
        headers: keyed('not-a-uuid'),
      });
      expect({ status, message: body.message }).toEqual({ status: 400, message: messages.idempotencyKeyInvalid });
      expect(await events()).toBe(before);
    });
  });
}
