import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { laterWritePosition, messages, readAfterHeader, writePositionHeader } from '@secretchatbox/contracts';
import { reportSkippedServerSuites, testDatabaseTargets } from '@secretchatbox/database/testing';
import { chief, startTestApp, type TestApp } from './support/test-app.js';

reportSkippedServerSuites('the confession tests');

const valid = { content: 'I pretended to understand calculus all semester.', category: 'funny', collegeCode: 'C001' };

for (const target of testDatabaseTargets()) {
  describe(`confessions over HTTP on ${target.name}`, () => {
    let t: TestApp;
    const visitor = async () => (await t.call('POST', '/api/session')).body.sessionToken as string;
    const submit = (token: string, body: unknown = valid) => t.call('POST', '/api/confessions', { token, body });

    beforeAll(async () => {
      t = await startTestApp(target, { NETWORK_CONFESSION_LIMIT: '12' });
    });
    afterAll(async () => {
      await t.close();
    });

    it('refuses bad submissions with the contract messages, changing nothing', async () => {
      const token = await visitor();
      const cases: [unknown, Record<string, string>][] = [
        [{ ...valid, content: '   too short   ' }, { content: messages.confessionTooShort }],
        [{ ...valid, content: 'x'.repeat(1001) }, { content: messages.confessionTooLong }],
        [{ content: valid.content, collegeCode: 'C001' }, { category: messages.categoryRequired }],
        [{ ...valid, category: 'gossip' }, { category: messages.categoryRequired }],
        [{ ...valid, nickname: 'ab' }, { nickname: messages.nicknameTooShort }],
        [
          { ...valid, likes: 1000, status: 'approved' },
          { likes: messages.unknownField, status: messages.unknownField },
        ],
        [{ ...valid, collegeCode: 'NOPE' }, { collegeCode: messages.unknownCollege }],
      ];
      for (const [body, fields] of cases) {
        const { status, body: answer } = await submit(token, body);
        expect({ status, fields: answer.fields }).toEqual({ status: 400, fields });
      }
      expect((await t.call('GET', '/api/daily-limit', { token })).body).toMatchObject({ remaining: 5, used: 0 });
      expect((await t.call('POST', '/api/confessions', { body: valid })).status).toBe(401);
    });

    it('accepts a submission as pending and counts it at once', async () => {
      const token = await visitor();
      const { status, body } = await submit(token, { ...valid, nickname: '', isAnonymous: true });
      expect(status).toBe(201);
      expect(body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), status: 'pending', remaining: 4 });
      expect((await t.call('GET', '/api/daily-limit', { token })).body).toMatchObject({ remaining: 4, used: 1 });
      expect((await t.call('GET', `/api/confessions/${body.id}`)).status).toBe(404);
    });

    it('accepts exactly 5 of 50 concurrent submissions from one session and answers the rest 429', async () => {
      const token = await visitor();
      const answers = await Promise.all(Array.from({ length: 50 }, () => submit(token)));
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(5);
      expect(statuses.filter((status) => status === 429)).toHaveLength(45);
      const refused = answers.find((answer) => answer.status === 429)!;
      expect(refused.body.message).toBe(messages.dailyLimitReached);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await t.call('GET', '/api/daily-limit', { token })).body).toMatchObject({ remaining: 0, used: 5 });
    }, 60000);

    it('caps a network across sessions', async () => {
      // 6 used above from this test network; the cap here is 12.
      const first = await visitor();
      for (let i = 0; i < 5; i++) expect((await submit(first)).status).toBe(201);
      const second = await visitor();
      expect((await submit(second)).status).toBe(201);
      const refused = await submit(second);
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ message: messages.networkLimitReached, code: 'daily_limit_reached' });
    });
  });
}

for (const target of testDatabaseTargets()) {
  describe(`moderation and the feed over HTTP on ${target.name}`, () => {
    let t: TestApp;
    let admin: string;
    let author: string;
    const submitted: string[] = [];

    beforeAll(async () => {
      t = await startTestApp(target, { LOG_LEVEL: 'error' });
      admin = (await t.call('POST', '/api/auth/login', { body: chief })).body.sessionToken;
      author = (await t.call('POST', '/api/session')).body.sessionToken;
      for (const [index, category] of ['funny', 'crush', 'academic', 'rants'].entries()) {
        const { body } = await t.call('POST', '/api/confessions', {
          token: author,
          body: { ...valid, category, content: `Confession number ${index} about the library cafe.` },
        });
        submitted.push(body.id);
      }
    });
    afterAll(async () => {
      await t.close();
    });

    it('shows a confession only once approved, and tells a second moderator it was already decided', async () => {
      const [id] = submitted;
      expect((await t.call('GET', '/api/confessions')).body.items).toEqual([]);
      const approved = await t.call('POST', `/api/admin/confessions/${id}/approve`, { token: admin });
      expect(approved).toMatchObject({ status: 200, body: { id, status: 'approved' } });
      const shown = await t.call('GET', `/api/confessions/${id}`);
      expect(shown.body).toEqual({
        id,
        content: 'Confession number 0 about the library cafe.',
        category: 'funny',
        nickname: null,
        collegeCode: 'C001',
        likes: 0,
        commentCount: 0,
        createdAt: expect.stringMatching(/Z$/),
        liked: false,
        reported: false,
      });
      const again = await t.call('PUT', `/api/confessions/${id}/approve`, { token: admin });
      expect(again).toMatchObject({ status: 409, body: { message: 'This confession was already approved' } });
      expect((await t.call('PUT', `/api/confessions/${id}/reject`, { token: admin })).status).toBe(409);
    });

    it('keeps rejected confessions out of the feed and records the reason', async () => {
      const id = submitted[1]!;
      const rejected = await t.call('PUT', `/api/confessions/${id}/reject`, {
        token: admin,
        body: { reasonCode: 'spam', note: 'advertising' },
      });
      expect(rejected).toMatchObject({ status: 200, body: { id, status: 'rejected' } });
      expect((await t.call('GET', `/api/confessions/${id}`)).status).toBe(404);
      const { rows } = await t.storage.db.query<{
        data: { reasonCode: string };
        metadata: { actor: { username: string } };
      }>("SELECT data, metadata FROM event_store.events WHERE type = 'ConfessionRejected'");
      expect(rows[0]).toMatchObject({
        data: { reasonCode: 'spam' },
        metadata: { actor: { username: chief.username } },
      });
      expect(
        (await t.call('PUT', `/api/confessions/${id}/reject`, { token: admin, body: { reasonCode: 'rude' } })).status,
      ).toBe(400);
    });

    it('leaves moderation to admins and answers 404 for unknown confessions', async () => {
      expect((await t.call('PUT', `/api/confessions/${submitted[2]}/approve`, { token: author })).status).toBe(401);
      expect((await t.call('PUT', `/api/confessions/${submitted[2]}/approve`)).status).toBe(401);
      expect(
        (await t.call('PUT', '/api/confessions/00000000-0000-4000-8000-000000000000/approve', { token: admin })).status,
      ).toBe(404);
      expect((await t.call('PUT', '/api/confessions/not-an-id/approve', { token: admin })).status).toBe(404);
      expect((await t.call('GET', '/api/confessions/not-an-id')).status).toBe(404);
    });

    it('pages the feed with a cursor, newest first, filtered by college and category, never naming the author', async () => {
      await t.call('PUT', `/api/confessions/${submitted[2]}/approve`, { token: admin });
      await t.call('PUT', `/api/confessions/${submitted[3]}/approve`, { token: admin });
      const first = await t.call('GET', '/api/confessions?limit=2&collegeCode=C001');
      expect(first.body.items.map((item: { id: string }) => item.id)).toEqual([submitted[3], submitted[2]]);
      const second = await t.call('GET', `/api/confessions?limit=2&collegeCode=C001&cursor=${first.body.nextCursor}`);
      expect(second.body).toEqual({ items: [expect.objectContaining({ id: submitted[0] })], nextCursor: null });
      expect((await t.call('GET', '/api/confessions?category=academic')).body.items).toHaveLength(1);
      expect((await t.call('GET', '/api/confessions?collegeCode=C002')).body.items).toEqual([]);
      expect(
        (await t.call('GET', '/api/confessions?q=number%202')).body.items.map((item: { id: string }) => item.id),
      ).toContain(submitted[2]);
      // Words match by their beginnings, as the student types; every word must match.
      const search = async (q: string) =>
        (await t.call('GET', `/api/confessions?q=${encodeURIComponent(q)}`)).body.items.map(
          (item: { id: string }) => item.id,
        );
      expect((await search('libr caf')).sort()).toEqual([submitted[0], submitted[2], submitted[3]].sort());
      expect(await search('libr zebra')).toEqual([]);
      expect(await search("caf' & | ! :*")).toHaveLength(3);
      expect(await search('&|!')).toEqual([]);
      const popular = await t.call('GET', '/api/confessions?sort=popular&limit=2');
      const rest = await t.call('GET', `/api/confessions?sort=popular&limit=2&cursor=${popular.body.nextCursor}`);
      const everyApproved = [...popular.body.items, ...rest.body.items].map((item: { id: string }) => item.id);
      expect(everyApproved.sort()).toEqual([submitted[0], submitted[2], submitted[3]].sort());
      expect((await t.call('GET', '/api/confessions?cursor=garbage')).body.message).toBe(messages.invalidCursor);
      // Cursors made up to hold what no column can: a 400, not the database's error.
      const madeUp = (keys: unknown[]) => Buffer.from(JSON.stringify([...keys, submitted[0]])).toString('base64url');
      const time = '2026-01-01T00:00:00.000000Z';
      for (const keys of [
        [1.5, time],
        [2 ** 31, time],
        [-1, time],
        [1, '2026'],
        [1, '2026-02-30T00:00:00.000000Z'],
        [1, '0000-01-01T00:00:00.000000Z'],
        [1, '2026-01-01T00:00:00.000Z'],
        [1, '+010000-01-01T00:00:00.000000Z'],
      ]) {
        for (const sort of ['newest', 'popular']) {
          const answer = await t.call('GET', `/api/confessions?sort=${sort}&cursor=${madeUp(keys)}`);
          expect({ keys, sort, message: answer.body.message }).toEqual({ keys, sort, message: messages.invalidCursor });
        }
      }
      expect(
        (await t.call('GET', `/api/confessions?sort=popular&cursor=${madeUp([0, '0001-01-01T00:00:00.000000Z'])}`))
          .status,
      ).toBe(200);
      expect((await t.call('GET', '/api/confessions?limit=101')).status).toBe(400);
      const sessionId = (await t.call('GET', '/api/session', { token: author })).body.sessionId;
      expect(JSON.stringify(first.body)).not.toContain(sessionId);
    });

    it('toggles one like per visitor and shows the caller whether they liked it', async () => {
      const id = submitted[0]!;
      const liker = (await t.call('POST', '/api/session')).body.sessionToken;
      expect((await t.call('POST', `/api/confessions/${id}/like`, { token: liker, body: {} })).body).toEqual({
        liked: true,
        likes: 1,
      });
      expect((await t.call('GET', `/api/confessions/${id}`, { token: liker })).body).toMatchObject({
        liked: true,
        likes: 1,
      });
      expect((await t.call('GET', `/api/confessions/${id}`)).body.liked).toBe(false);
      expect((await t.call('POST', `/api/confessions/${id}/like`, { token: liker })).body).toEqual({
        liked: false,
        likes: 0,
      });

      const others = await Promise.all(
        Array.from({ length: 8 }, async () => (await t.call('POST', '/api/session')).body.sessionToken),
      );
      const liked = await Promise.all(others.map((token) => t.call('POST', `/api/confessions/${id}/like`, { token })));
      // A like may answer before the read models show it; a read that names it waits for them.
      const newest = liked.reduce<string | undefined>(
        (later, answer) => laterWritePosition(later, answer.headers.get(writePositionHeader) ?? undefined),
        undefined,
      );
      const readAfter = { [readAfterHeader]: newest! };
      expect((await t.call('GET', `/api/confessions/${id}`, { headers: readAfter })).body.likes).toBe(8);
      const popular = await t.call('GET', '/api/confessions?sort=popular&limit=1');
      expect(popular.body.items[0].id).toBe(id);
    });

    it('answers toggles tapped again and again with exact counts, and a read that names the last shows it', async () => {
      const id = submitted[2]!;
      const tapper = (await t.call('POST', '/api/session')).body.sessionToken as string;
      const before = (await t.call('GET', `/api/confessions/${id}`)).body.likes as number;
      let last = '';
      for (let tap = 1; tap <= 13; tap += 1) {
        const answer = await t.call('POST', `/api/confessions/${id}/like`, { token: tapper });
        const liked = tap % 2 === 1;
        expect({ tap, ...answer.body }).toEqual({ tap, liked, likes: before + (liked ? 1 : 0) });
        last = answer.headers.get(writePositionHeader)!;
        if (tap % 4 !== 0) continue;
        // Read at once, naming the toggle: it shows it, whether or not it answered before the read models.
        const read = await t.call('GET', `/api/confessions/${id}`, {
          token: tapper,
          headers: { [readAfterHeader]: last },
        });
        expect({ tap, ...read.body }).toMatchObject({ tap, liked, likes: before + (liked ? 1 : 0) });
      }
      // Left as it was: the stats below count today's likes.
      await t.call('POST', `/api/confessions/${id}/like`, {
        token: tapper,
        headers: { [readAfterHeader]: last },
      });
    });

    it('refuses likes of confessions that are not approved, and likes without a session', async () => {
      expect((await t.call('POST', `/api/confessions/${submitted[1]}/like`, { token: author })).status).toBe(404);
      expect((await t.call('POST', `/api/confessions/${submitted[0]}/like`)).status).toBe(401);
    });

    it('takes comments on approved confessions, shows them once approved, oldest first, and counts them', async () => {
      const id = submitted[0]!;
      const commenter = (await t.call('POST', '/api/session')).body.sessionToken;
      const post = (content: string, nickname?: string) =>
        t.call('POST', `/api/confessions/${id}/comments`, { token: commenter, body: { content, nickname } });
      const first = await post('Same thing happened to me!', 'Owl');
      expect(first).toMatchObject({ status: 201, body: { id: expect.any(String), status: 'pending' } });
      const second = await post('Relatable.');
      expect((await t.call('GET', `/api/confessions/${id}/comments`)).body).toEqual([]);

      await t.call('PUT', `/api/comments/${second.body.id}/approve`, { token: admin });
      await t.call('PUT', `/api/comments/${first.body.id}/approve`, { token: admin });
      const listed = await t.call('GET', `/api/confessions/${id}/comments`);
      expect(listed.body).toEqual([
        {
          id: first.body.id,
          content: 'Same thing happened to me!',
          nickname: 'Owl',
          createdAt: expect.stringMatching(/Z$/),
        },
        { id: second.body.id, content: 'Relatable.', nickname: null, createdAt: expect.stringMatching(/Z$/) },
      ]);
      expect((await t.call('GET', `/api/confessions/${id}`)).body.commentCount).toBe(2);
      expect((await t.call('PUT', `/api/comments/${first.body.id}/reject`, { token: admin })).status).toBe(409);

      const third = await post('Spam spam spam');
      await t.call('PUT', `/api/comments/${third.body.id}/reject`, { token: admin, body: { reasonCode: 'spam' } });
      expect((await t.call('GET', `/api/confessions/${id}/comments`)).body).toHaveLength(2);
    });

    it('refuses empty comments, comments on hidden confessions, and moderation by visitors', async () => {
      const commenter = (await t.call('POST', '/api/session')).body.sessionToken;
      const blank = await t.call('POST', `/api/confessions/${submitted[0]}/comments`, {
        token: commenter,
        body: { content: '   ' },
      });
      expect(blank).toMatchObject({ status: 400, body: { fields: { content: messages.commentEmpty } } });
      const onRejected = await t.call('POST', `/api/confessions/${submitted[1]}/comments`, {
        token: commenter,
        body: { content: 'Hello' },
      });
      expect(onRejected.status).toBe(404);
      expect((await t.call('GET', `/api/confessions/${submitted[1]}/comments`)).status).toBe(404);
      expect(
        (await t.call('PUT', '/api/comments/00000000-0000-4000-8000-000000000000/approve', { token: commenter }))
          .status,
      ).toBe(401);
      expect(
        (await t.call('PUT', '/api/comments/00000000-0000-4000-8000-000000000000/approve', { token: admin })).status,
      ).toBe(404);
    });

    it('takes one report per visitor and hides a confession at the threshold until a moderator acts', async () => {
      const id = submitted[2]!;
      const reporters: string[] = await Promise.all(
        Array.from({ length: 5 }, async () => (await t.call('POST', '/api/session')).body.sessionToken),
      );
      const report = (token: string, body: unknown = { reason: 'harassment' }) =>
        t.call('POST', `/api/confessions/${id}/report`, { token, body });
      expect((await report(reporters[0]!, { reason: 'gossip' })).body.fields).toEqual({
        reason: messages.reasonRequired,
      });
      for (const [index, token] of reporters.entries()) {
        expect(await report(token, { reason: 'spam', note: `report ${index}` })).toMatchObject({
          status: 201,
          body: { status: 'received' },
        });
        if (index === 0) {
          expect(await report(token)).toMatchObject({ status: 409, body: { message: messages.alreadyReported } });
          // The flag shows it to the reporter, in the feed and on its own, and to no one else.
          const seenBy = async (viewer: string | undefined) => ({
            alone: (await t.call('GET', `/api/confessions/${id}`, { token: viewer })).body.reported,
            inFeed: (await t.call('GET', '/api/confessions?collegeCode=C001', { token: viewer })).body.items.find(
              (item: { id: string }) => item.id === id,
            ).reported,
          });
          expect(await seenBy(token)).toEqual({ alone: true, inFeed: true });
          expect(await seenBy(reporters[1])).toEqual({ alone: false, inFeed: false });
          expect(await seenBy(undefined)).toEqual({ alone: false, inFeed: false });
        }
        const visible = (await t.call('GET', `/api/confessions/${id}`)).status;
        expect(visible).toBe(index < 4 ? 200 : 404);
      }
      // Hidden, it is out of sight for reports too, as for its GET, likes and comments.
      const newcomer = (await t.call('POST', '/api/session')).body.sessionToken as string;
      expect(await report(newcomer)).toMatchObject({ status: 404, body: { message: messages.confessionNotFound } });
      expect((await t.call('POST', `/api/confessions/${id}/like`, { token: newcomer })).status).toBe(404);
      const comment = { content: 'Seen it before it went.' };
      expect((await t.call('POST', `/api/confessions/${id}/comments`, { token: newcomer, body: comment })).status).toBe(
        404,
      );
      expect((await t.call('GET', '/api/confessions')).body.items.map((item: { id: string }) => item.id)).not.toContain(
        id,
      );
      const { rows } = await t.storage.db.query<{ reported_count: number }>(
        'SELECT reported_count FROM read_model.confessions WHERE id = $1',
        [id],
      );
      expect(Number(rows[0]!.reported_count)).toBe(5);
    });

    it('lists every confession of a college for moderators, with a short author pseudonym and report counts', async () => {
      expect((await t.call('GET', '/api/confessions/college/C001', { token: author })).status).toBe(401);
      const { status, body } = await t.call('GET', '/api/confessions/college/C001', { token: admin });
      expect(status).toBe(200);
      const byId = new Map(body.map((item: { id: string }) => [item.id, item]));
      expect(byId.get(submitted[1])).toMatchObject({ status: 'rejected', reportedCount: 0, hidden: false });
      expect(byId.get(submitted[2])).toMatchObject({ status: 'approved', reportedCount: 5, hidden: true });
      const sessionId = (await t.call('GET', '/api/session', { token: author })).body.sessionId as string;
      const { authorId } = byId.get(submitted[0]) as { authorId: string };
      expect(authorId).toMatch(/^[A-Za-z0-9_-]{8}$/);
      expect(JSON.stringify(body)).not.toContain(sessionId.slice(0, 8));
      expect((await t.call('GET', '/api/confessions/college/C002', { token: admin })).body).toEqual([]);
    });

    it('features the most liked confession of the last 24 hours, of a college and category', async () => {
      const popular = await t.call('GET', '/api/confessions?collegeCode=C001&sort=popular&limit=1');
      const featured = await t.call('GET', '/api/confessions/featured?collegeCode=C001');
      expect(featured.status).toBe(200);
      expect(featured.body.item).toEqual(popular.body.items[0]);
      expect(featured.body.item.likes).toBeGreaterThan(0);
      const category = featured.body.item.category as string;
      const ofCategory = await t.call('GET', `/api/confessions/featured?collegeCode=C001&category=${category}`);
      expect(ofCategory.body.item.id).toBe(featured.body.item.id);
      expect((await t.call('GET', '/api/confessions/featured?collegeCode=C002')).body).toEqual({ item: null });
      expect((await t.call('GET', '/api/confessions/featured?category=gossip')).status).toBe(400);
    });

    it('counts real figures for the stats, of every college or of one', async () => {
      const { status, body } = await t.call('GET', '/api/stats');
      expect(status).toBe(200);
      expect(body).toEqual({
        totalConfessions: 3,
        confessionsToday: 4,
        likesToday: 8,
        commentsToday: 3,
        activeStudents: expect.any(Number),
      });
      expect(body.activeStudents).toBeGreaterThanOrEqual(10);
      const ofCollege = await t.call('GET', '/api/stats?collegeCode=C001');
      expect(ofCollege.body).toMatchObject({
        totalConfessions: 3,
        confessionsToday: 4,
        likesToday: 8,
        commentsToday: 3,
      });
      expect(ofCollege.body.activeStudents).toBeLessThanOrEqual(body.activeStudents);
      expect((await t.call('GET', '/api/stats?collegeCode=C002')).body).toEqual({
        totalConfessions: 0,
        confessionsToday: 0,
        likesToday: 0,
        commentsToday: 0,
        activeStudents: 0,
      });
      expect(await t.call('GET', '/api/stats?collegeCode=NOPE')).toMatchObject({
        status: 400,
        body: { message: messages.unknownCollege },
      });
    });
  });
}
