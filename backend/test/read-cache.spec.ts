import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readAfterHeader, writePositionHeader } from '@secretchatbox/contracts';
import type { Database } from '@secretchatbox/database';
import { reportSkippedServerSuites, testDatabaseTargets } from '@secretchatbox/database/testing';
import { chief, startTestApp, startTestAppOn, type TestApp } from './support/test-app.js';

reportSkippedServerSuites('the read cache tests');

const feed = '/api/confessions?collegeCode=C001';

/**
 * Resolves once the projections' checkpoints have stayed where they are for half a second: the
 * runner and the audit chain's writer are done with what was written before.
 */
async function checkpointsSettled(db: Database): Promise<void> {
  let last = '';
  let since = Date.now();
  while (Date.now() - since < 500) {
    const { rows } = await db.query(
      'SELECT name, commit_position, prepare_position FROM read_model.projection_checkpoints ORDER BY name',
    );
    const now = JSON.stringify(rows);
    if (now !== last) [last, since] = [now, Date.now()];
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Shows `seen` every statement `db` is asked, before it runs it. */
function onQuery(db: Database, seen: (sql: string) => void): void {
  const query = db.query.bind(db);
  db.query = ((sql: string, params?: readonly unknown[]) => {
    seen(sql);
    return query(sql, params);
  }) as typeof db.query;
}

for (const target of testDatabaseTargets()) {
  describe(`anonymous feed answers from the cache on ${target.name}`, () => {
    let t: TestApp;
    let admin: string;
    let feedQueries = 0;
    let likeLookups = 0;
    let sessionLookups = 0;
    let pointReads = 0;

    const get = (token?: string, headers: Record<string, string> = {}) =>
      fetch(`${t.baseUrl}${feed}`, { headers: { ...headers, ...(token ? { 'x-session-token': token } : {}) } });

    beforeAll(async () => {
      t = await startTestApp(target);
      admin = (await t.call('POST', '/api/auth/login', { body: chief })).body.sessionToken;
      const author = (await t.call('POST', '/api/session')).body.sessionToken;
      const submission = {
        content: 'The vending machine owes me three euros.',
        category: 'rants',
        collegeCode: 'C001',
      };
      const { body } = await t.call('POST', '/api/confessions', { token: author, body: submission });
      await t.call('POST', `/api/admin/confessions/${body.id}/approve`, { token: admin });
      // Runners save the checkpoints of batches they had nothing to do for a little later.
      await new Promise((resolve) => setTimeout(resolve, 200));
      onQuery(t.storage.db, (sql) => {
        if (sql.includes('FROM read_model.confessions c')) feedQueries += 1;
        if (sql.includes('read_model.viewer_marks')) likeLookups += 1;
        if (sql.includes('FROM read_model.visitor_sessions WHERE session_id')) sessionLookups += 1;
        if (sql.includes('read_model.approved_confessions')) pointReads += 1;
      });
    });
    afterAll(async () => {
      await t.close();
    });

    it('knows a session this process started without looking it up at its first request', async () => {
      const { sessionToken } = (await t.call('POST', '/api/session')).body;
      const before = sessionLookups;
      expect((await get(sessionToken)).status).toBe(200);
      expect(sessionLookups).toBe(before);
    });

    it('answers a repeated anonymous read without reading the read model again, with the same body', async () => {
      const first = await get();
      const before = feedQueries;
      const second = await get();
      expect(feedQueries).toBe(before);
      expect(second.status).toBe(200);
      expect(second.headers.get('content-type')).toBe(first.headers.get('content-type'));
      expect(second.headers.get('content-encoding')).toBe(first.headers.get('content-encoding'));
      expect(await second.text()).toBe(await first.text());
    });

    it('never answers with a page older than a write acknowledged before the request', async () => {
      const firstItem = async (token?: string) =>
        ((await (await get(token)).json()) as { items: { id: string; likes: number; liked: boolean }[] }).items[0]!;
      const item = await firstItem();
      expect(item.likes).toBe(0);
      const liker = (await t.call('POST', '/api/session')).body.sessionToken;
      expect((await t.call('POST', `/api/confessions/${item.id}/like`, { token: liker, body: {} })).status).toBe(200);
      expect(await firstItem()).toMatchObject({ id: item.id, likes: 1, liked: false });
      // A session's own view says what it liked: it is never taken from the anonymous answers.
      expect(await firstItem(liker)).toMatchObject({ id: item.id, likes: 1, liked: true });
    });

    it('answers a like with the count its batch reported, without reading the confession back', async () => {
      const { id, likes } = ((await (await get()).json()) as { items: { id: string; likes: number }[] }).items[0]!;
      const toggle = async (token: string) =>
        (await t.call('POST', `/api/confessions/${id}/like`, { token, body: {} })).body as { likes: number };
      const [ann, ben] = await Promise.all(
        [1, 2].map(async () => (await t.call('POST', '/api/session')).body.sessionToken),
      );
      const before = pointReads;
      expect(await toggle(ann)).toEqual({ liked: true, likes: likes + 1 });
      expect(await toggle(ben)).toEqual({ liked: true, likes: likes + 2 });
      expect(await toggle(ann)).toEqual({ liked: false, likes: likes + 1 });
      expect(pointReads).toBe(before);
    });

    it("serves a session the shared page, and asks only for the session's likes on it, once", async () => {
      const visitor = (await t.call('POST', '/api/session')).body.sessionToken;
      await get();
      const [pages, likes] = [feedQueries, likeLookups];
      const answers = [await get(visitor), await get(visitor)];
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      expect(feedQueries).toBe(pages);
      // The second read finds the visitor's likes of this generation already known.
      expect(likeLookups).toBe(likes + 1);
      const [item] = ((await answers[1]!.json()) as { items: { id: string; liked: boolean }[] }).items;
      expect(item!.liked).toBe(false);
      const like = await t.call('POST', `/api/confessions/${item!.id}/like`, { token: visitor, body: {} });
      // A like may answer before its batch is applied (docs/decisions/035-likes-answered-once-stored.md):
      // the frontend's next read names it, and waits for it.
      const named = { [readAfterHeader]: like.headers.get(writePositionHeader)! };
      const afterLike = (await (await get(visitor, named)).json()) as { items: { id: string; liked: boolean }[] };
      expect(afterLike.items[0]).toMatchObject({ id: item!.id, liked: true });
    });

    it('gives each reader of a compressed page its own liked flags, serialized once per set of liked items', async () => {
      const author = (await t.call('POST', '/api/session')).body.sessionToken;
      // Text that compresses little: the page stays over a kilobyte when compressed, as real pages do.
      for (let i = 0; i < 8; i++) {
        const content = `Confession ${i}: ${randomBytes(150).toString('base64')}`;
        const submission = { content, category: 'rants', collegeCode: 'C001' };
        const { body } = await t.call('POST', '/api/confessions', { token: author, body: submission });
        await t.call('POST', `/api/admin/confessions/${body.id}/approve`, { token: admin });
      }
      const [liker, sameLikes, noLikes] = await Promise.all(
        [1, 2, 3].map(async () => (await t.call('POST', '/api/session')).body.sessionToken as string),
      );
      const read = async (token?: string) => {
        const answer = await get(token, { 'accept-encoding': 'br' });
        expect(answer.status).toBe(200);
        expect(answer.headers.get('content-encoding')).toBe('br');
        const { items } = (await answer.json()) as { items: { id: string; liked: boolean }[] };
        return items;
      };
      const [second] = (await read()).slice(1);
      let lastLike = '';
      for (const token of [liker, sameLikes]) {
        const like = await t.call('POST', `/api/confessions/${second!.id}/like`, { token, body: {} });
        lastLike = like.headers.get(writePositionHeader)!;
      }
      const likedOf = (items: { liked: boolean }[]) => items.map((item) => item.liked);
      // Named, the last like is applied before the page is read, and no later batch changes it.
      await get(undefined, { [readAfterHeader]: lastLike });
      const expected = (await read()).map((item) => item.id === second!.id);
      const pages = feedQueries;
      for (let round = 0; round < 2; round++) {
        expect(likedOf(await read(liker))).toEqual(expected);
        expect(likedOf(await read(noLikes))).toEqual(expected.map(() => false));
        expect(likedOf(await read(sameLikes))).toEqual(expected);
        expect(likedOf(await read())).toEqual(expected.map(() => false));
      }
      expect(feedQueries).toBe(pages);
    });
  });
}

for (const target of testDatabaseTargets()) {
  describe(`an instance that leaves the projections to another process, on ${target.name}`, () => {
    let runner: TestApp;
    let reader: TestApp;
    let feedQueries = 0;
    let checkpointReads = 0;
    const firstItem = async (headers: Record<string, string> = {}) => {
      const answer = await fetch(`${reader.baseUrl}${feed}`, { headers });
      expect(answer.status).toBe(200);
      return ((await answer.json()) as { items: { id: string; likes: number }[] }).items[0]!;
    };

    beforeAll(async () => {
      runner = await startTestApp(target);
      // The same database, as a cluster's instances share one; the runner closes it.
      reader = await startTestAppOn({ ...runner.storage, close: async () => undefined }, { RUN_PROJECTIONS: 'false' });
      const admin = (await runner.call('POST', '/api/auth/login', { body: chief })).body.sessionToken;
      const author = (await runner.call('POST', '/api/session')).body.sessionToken;
      const submission = { content: 'Read through the other instance.', category: 'rants', collegeCode: 'C001' };
      const { body } = await runner.call('POST', '/api/confessions', { token: author, body: submission });
      await runner.call('POST', `/api/admin/confessions/${body.id}/approve`, { token: admin });
      // A checkpoint that moves between two reads rightly starts a generation: the reads come after.
      await checkpointsSettled(runner.storage.db);
      onQuery(runner.storage.db, (sql) => {
        if (sql.includes('FROM read_model.confessions c')) feedQueries += 1;
        if (sql.includes('FROM read_model.projection_checkpoints')) checkpointReads += 1;
      });
    });
    afterAll(async () => {
      await reader.close();
      await runner.close();
    });

    it('answers a repeated read from its cache without reading even the checkpoints', async () => {
      await firstItem();
      const [pages, checkpoints] = [feedQueries, checkpointReads];
      await firstItem();
      expect(feedQueries).toBe(pages);
      expect(checkpointReads).toBe(checkpoints);
    });

    it('never answers from its cache with a page older than a write the request names', async () => {
      const item = await firstItem();
      for (let like = 1; like <= 3; like++) {
        const liker = (await runner.call('POST', '/api/session')).body.sessionToken;
        const liked = await runner.call('POST', `/api/confessions/${item.id}/like`, { token: liker, body: {} });
        expect(liked.status).toBe(200);
        const position = liked.headers.get(writePositionHeader);
        expect(position).toMatch(/^\d+\/\d+$/);
        expect(await firstItem({ [readAfterHeader]: position! })).toMatchObject({
          id: item.id,
          likes: item.likes + like,
        });
      }
    });

    it('reads the checkpoints only for a position beyond those it knows, or one it cannot read', async () => {
      const liker = (await runner.call('POST', '/api/session')).body.sessionToken;
      const item = await firstItem();
      const liked = await runner.call('POST', `/api/confessions/${item.id}/like`, { token: liker, body: {} });
      const position = liked.headers.get(writePositionHeader)!;
      await checkpointsSettled(runner.storage.db);
      const before = checkpointReads;
      await firstItem({ [readAfterHeader]: position });
      await firstItem({ [readAfterHeader]: position });
      // The first read learned checkpoints at or past the position; the second needs none.
      expect(checkpointReads).toBeLessThanOrEqual(before + 1);
      const known = checkpointReads;
      expect((await firstItem({ [readAfterHeader]: 'not a position' })).id).toBe(item.id);
      expect(checkpointReads).toBe(known + 1);
    });
  });
}
