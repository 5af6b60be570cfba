import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { messages } from '@secretchatbox/contracts';
import { reportSkippedServerSuites, testDatabaseTargets } from '@secretchatbox/database/testing';
import { moderationFixtures } from './support/moderation-fixtures.js';
import { startTestApp, type TestApp } from './support/test-app.js';

reportSkippedServerSuites('the moderation tests');

for (const target of testDatabaseTargets()) {
  describe(`moderation over HTTP on ${target.name}`, () => {
    let t: TestApp;
    let f: Awaited<ReturnType<typeof moderationFixtures>>;
    let normal: { id: string; token: string };
    let college: { id: string; token: string };

    beforeAll(async () => {
      t = await startTestApp(target, { NETWORK_CONFESSION_LIMIT: '1000', AUTO_HIDE_REPORTS: '2' });
      f = await moderationFixtures(t);
      normal = await f.account('normal', 'C001');
      college = await f.account('college', 'C001');
    }, 60000);
    afterAll(async () => {
      await t.close();
    });

    const decisionEvents = async (confessionId: string) =>
      (await t.storage.store.readStream(`confession-${confessionId}`)).filter(
        (event) => event.type !== 'ConfessionSubmitted',
      );

    it('lets exactly one of two moderators deciding at once win; the other is told the decision', async () => {
      for (let round = 0; round < 3; round += 1) {
        const id = await f.pendingConfession();
        const [approve, reject] = await Promise.all([
          t.call('PUT', `/api/confessions/${id}/approve`, { token: normal.token, body: {} }),
          t.call('PUT', `/api/confessions/${id}/reject`, { token: college.token, body: { reasonCode: 'spam' } }),
        ]);
        expect([approve.status, reject.status].sort()).toEqual([200, 409]);
        const loser = approve.status === 409 ? approve : reject;
        const winner = approve.status === 200 ? 'approved' : 'rejected';
        expect(loser.body.message).toBe(`This confession was already ${winner}`);
        expect(await decisionEvents(id)).toHaveLength(1);
      }
    });

    it('records who decided, in which college, why, and when', async () => {
      const id = await f.approvedConfession();
      const note = 'Names a student';
      const answer = await t.call('DELETE', `/api/admin/confessions/${id}`, {
        token: college.token,
        body: { reasonCode: 'personal_info', note },
      });
      expect(answer).toMatchObject({ status: 200, body: { id, status: 'deleted' } });
      const deleted = (await decisionEvents(id)).at(-1)!;
      expect(deleted).toMatchObject({
        type: 'ConfessionDeleted',
        data: { confessionId: id, reasonCode: 'personal_info', note },
        metadata: {
          actor: { kind: 'admin', adminId: college.id, role: 'college', username: expect.any(String) },
          collegeCode: 'C001',
          occurredAt: expect.any(String),
        },
      });
      // Gone from every public and moderator view; a second delete finds nothing.
      expect((await t.call('GET', `/api/confessions/${id}`)).status).toBe(404);
      const listed = await t.call('GET', '/api/confessions/college/C001', { token: f.chiefToken });
      expect(listed.body.map((item: { id: string }) => item.id)).not.toContain(id);
      expect((await t.call('DELETE', `/api/admin/confessions/${id}`, { token: f.chiefToken })).status).toBe(404);
    });

    it('reviews reports (the count stays) and dismisses them (the count goes, the confession shows again)', async () => {
      const id = await f.reportedConfession();
      const second = await f.visitor();
      const report = { reason: 'harassment', note: 'Mocks my roommate' };
      await t.call('POST', `/api/confessions/${id}/report`, { token: second, body: report });
      expect((await t.call('GET', `/api/confessions/${id}`)).status).toBe(404);
      const reportedView = async () =>
        (await t.call('GET', '/api/confessions/college/C001?view=reported', { token: normal.token })).body.find(
          (item: { id: string }) => item.id === id,
        );
      const open = await reportedView();
      expect(open.reports).toEqual([
        { reason: 'spam', note: null, reportedAt: expect.any(String) },
        { ...report, reportedAt: expect.any(String) },
      ]);
      expect(Date.parse(open.reports[1].reportedAt)).toBeGreaterThanOrEqual(Date.parse(open.reports[0].reportedAt));

      const reviewed = await t.call('PUT', `/api/confessions/${id}/report/review`, { token: normal.token, body: {} });
      expect(reviewed.body).toEqual({ id, reportedCount: 2, reportsReviewed: true, hidden: true });
      expect(
        (await t.call('PUT', `/api/confessions/${id}/report/review`, { token: normal.token, body: {} })).body.message,
      ).toBe(messages.noOpenReports);
      const stats = await t.call('GET', '/api/admin/stats', { token: normal.token });
      const row = (await t.call('GET', '/api/confessions/college/C001', { token: normal.token })).body.find(
        (item: { id: string }) => item.id === id,
      );
      expect(row).toMatchObject({ reportedCount: 2, reportsReviewed: true, hidden: true });
      expect(await reportedView()).toBeUndefined();

      const dismissed = await t.call('PUT', `/api/confessions/${id}/report/dismiss`, { token: normal.token, body: {} });
      expect(dismissed.body).toEqual({ id, reportedCount: 0, reportsReviewed: false, hidden: false });
      expect((await t.call('GET', `/api/confessions/${id}`)).status).toBe(200);
      const all = await t.call('GET', '/api/confessions/college/C001?view=all', { token: normal.token });
      expect(all.body.find((item: { id: string }) => item.id === id).reports).toEqual([]);
      expect((await t.call('GET', '/api/admin/stats', { token: normal.token })).body.reportedConfessions).toBe(
        stats.body.reportedConfessions,
      );
    });

    it('takes down a published confession only when asked to, once, and keeps it out of the feed', async () => {
      const id = await f.approvedConfession();
      const reject = (body: object) => t.call('PUT', `/api/confessions/${id}/reject`, { token: normal.token, body });
      expect(await reject({ reasonCode: 'spam' })).toMatchObject({
        status: 409,
        body: { message: 'This confession was already approved' },
      });
      const takenDown = await reject({ reasonCode: 'personal_info', note: 'Names a tutor', takeDown: true });
      expect(takenDown).toMatchObject({ status: 200, body: { id, status: 'rejected' } });
      expect((await t.call('GET', `/api/confessions/${id}`)).status).toBe(404);
      expect((await reject({ takeDown: true })).body.message).toBe('This confession was already rejected');
      expect((await reject({ takeDown: false })).status).toBe(400);
      expect((await decisionEvents(id)).map((event) => event.type)).toEqual([
        'ConfessionApproved',
        'ConfessionRejected',
      ]);

      const pending = await f.pendingConfession();
      const early = await t.call('PUT', `/api/confessions/${pending}/reject`, {
        token: normal.token,
        body: { takeDown: true },
      });
      expect(early).toMatchObject({ status: 409, body: { message: messages.confessionNotPublished } });
    });

    it('shows moderators what the public will see: nickname, category, and the confession a comment answers', async () => {
      const commentId = await f.pendingComment();
      const comment = (await t.call('GET', '/api/admin/comments/pending', { token: normal.token })).body.find(
        (item: { id: string }) => item.id === commentId,
      );
      const confession = await t.call('GET', `/api/confessions/${comment.confessionId}`);
      expect(comment.confessionContent).toBe(confession.body.content);
      const body = {
        content: 'Signed with my real name, oops',
        category: 'rants',
        collegeCode: 'C001',
        nickname: 'Jane Doe',
      };
      const { id } = (await t.call('POST', '/api/confessions', { token: await f.visitor(), body })).body;
      const queued = (await t.call('GET', '/api/admin/confessions/pending', { token: normal.token })).body.find(
        (item: { id: string }) => item.id === id,
      );
      expect(queued).toMatchObject({ nickname: 'Jane Doe', category: 'rants' });
    });

    it("keeps each queue to the moderator's college, oldest first, and refuses another college's", async () => {
      const mine = await f.pendingConfession('C001');
      const theirs = await f.pendingConfession('C002');
      const ids = (answer: { body: { id: string }[] }) => answer.body.map((item) => item.id);
      const scoped = await t.call('GET', '/api/admin/confessions/pending', { token: normal.token });
      expect(ids(scoped)).toContain(mine);
      expect(ids(scoped)).not.toContain(theirs);
      expect(scoped.body.every((item: { collegeCode: string }) => item.collegeCode === 'C001')).toBe(true);
      const all = await t.call('GET', '/api/admin/confessions/pending', { token: f.chiefToken });
      expect(ids(all)).toEqual(expect.arrayContaining([mine, theirs]));
      const createdAt = all.body.map((item: { createdAt: string }) => item.createdAt);
      expect(createdAt).toEqual([...createdAt].sort());
      expect(
        (await t.call('GET', '/api/admin/confessions/pending?collegeCode=C002', { token: normal.token })).status,
      ).toBe(403);
      expect(
        (await t.call('PUT', `/api/confessions/${theirs}/approve`, { token: normal.token, body: {} })).body.message,
      ).toBe(messages.outOfScope);
    });

    it('queues comments for moderators and publishes them once approved', async () => {
      const commentId = await f.pendingComment();
      const queue = await t.call('GET', '/api/admin/comments/pending', { token: normal.token });
      const queued = queue.body.find((item: { id: string }) => item.id === commentId);
      expect(queued).toMatchObject({
        content: 'Same here, honestly.',
        collegeCode: 'C001',
        authorId: expect.any(String),
      });
      expect(queued.authorId).toHaveLength(8);
      expect(
        (await t.call('PUT', `/api/comments/${commentId}/approve`, { token: normal.token, body: {} })).status,
      ).toBe(200);
      const published = await t.call('GET', `/api/confessions/${queued.confessionId}/comments`);
      expect(published.body.map((item: { id: string }) => item.id)).toEqual([commentId]);
      const again = await t.call('PUT', `/api/comments/${commentId}/reject`, { token: college.token, body: {} });
      expect(again).toMatchObject({ status: 409, body: { message: 'This comment was already approved' } });
    });

    it('shows an author to moderators by one pseudonym that the public session id does not give away', async () => {
      const startSession = async () =>
        (await t.call('POST', '/api/session')).body as { sessionToken: string; sessionId: string };
      const [visitor, other] = [await startSession(), await startSession()];
      const confess = async (token: string) =>
        (
          await t.call('POST', '/api/confessions', {
            token,
            body: {
              content: `A confession of one of two visitors ${randomUUID()}`,
              category: 'secrets',
              collegeCode: 'C001',
            },
          })
        ).body.id as string;
      const [confession, theirs] = [await confess(visitor.sessionToken), await confess(other.sessionToken)];
      const commentPath = `/api/confessions/${await f.approvedConfession()}/comments`;
      const comment = (
        await t.call('POST', commentPath, { token: visitor.sessionToken, body: { content: 'Me too, every week.' } })
      ).body.id as string;
      const message = await f.pendingDirectMessage('C001', visitor, other.sessionId);

      const answers: unknown[] = [];
      const listed = async (path: string, id: string) => {
        const { body } = await t.call('GET', path, { token: normal.token });
        answers.push(body);
        return body.find((item: { id: string }) => item.id === id);
      };
      const pseudonym = (await listed('/api/admin/confessions/pending', confession)).authorId;
      expect(pseudonym).toMatch(/^[A-Za-z0-9_-]{8}$/);
      expect(visitor.sessionId).not.toContain(pseudonym);
      expect((await listed('/api/admin/comments/pending', comment)).authorId).toBe(pseudonym);
      expect((await listed('/api/confessions/college/C001', confession)).authorId).toBe(pseudonym);
      const othersPseudonym = (await listed('/api/admin/confessions/pending', theirs)).authorId;
      expect(othersPseudonym).not.toBe(pseudonym);
      expect(await listed('/api/admin/direct-messages/pending', message)).toMatchObject({
        fromSessionId: pseudonym,
        toSessionId: othersPseudonym,
      });
      for (const { sessionId } of [visitor, other]) {
        expect(JSON.stringify(answers)).not.toContain(sessionId.slice(0, 8));
      }
    });

    it("moderates direct messages of the sender's college, with 8-character pseudonyms and a note", async () => {
      const id = await f.pendingDirectMessage('C001');
      const elsewhere = await f.pendingDirectMessage('C003');
      const queue = await t.call('GET', '/api/admin/direct-messages/pending', { token: normal.token });
      expect(queue.body.find((item: { id: string }) => item.id === id)).toMatchObject({
        fromSessionId: expect.stringMatching(/^[A-Za-z0-9_-]{8}$/),
        toSessionId: expect.stringMatching(/^[A-Za-z0-9_-]{8}$/),
        status: 'pending',
        collegeCode: 'C001',
      });
      expect(queue.body.map((item: { id: string }) => item.id)).not.toContain(elsewhere);
      const path = `/api/admin/direct-messages/${id}/approve`;
      const invalid = await t.call('POST', path, { token: normal.token, body: { status: 'maybe' } });
      expect(invalid).toMatchObject({ status: 400, body: { fields: { status: messages.directMessageStatusInvalid } } });
      expect(
        (
          await t.call('POST', `/api/admin/direct-messages/${elsewhere}/approve`, {
            token: normal.token,
            body: { status: 'approved' },
          })
        ).status,
      ).toBe(403);
      const decided = await t.call('POST', path, {
        token: normal.token,
        body: { status: 'approved', adminNote: 'Looks fine' },
      });
      expect(decided).toMatchObject({ status: 200, body: { id, status: 'approved' } });
      const [event] = (await t.storage.store.readStream(`directMessage-${id}`)).slice(-1);
      expect(event).toMatchObject({
        type: 'DirectMessageModerated',
        data: { status: 'approved', adminNote: 'Looks fine' },
      });
      expect((await t.call('POST', path, { token: college.token, body: { status: 'rejected' } })).status).toBe(409);
      const after = await t.call('GET', '/api/admin/direct-messages/pending', { token: normal.token });
      expect(after.body.map((item: { id: string }) => item.id)).not.toContain(id);
    });

    it("adds, renames and archives a college's chat rooms", async () => {
      const add = await t.call('POST', '/api/chat/rooms', {
        token: college.token,
        body: { collegeCode: 'C001', name: 'Night Owls' },
      });
      expect(add).toMatchObject({ status: 201, body: { name: 'Night Owls', collegeCode: 'C001' } });
      const rooms = async () =>
        (await t.call('GET', '/api/chat/rooms?collegeCode=C001')).body.map((room: { name: string }) => room.name);
      expect(await rooms()).toContain('Night Owls');
      const duplicate = await t.call('POST', '/api/chat/rooms', {
        token: college.token,
        body: { collegeCode: 'C001', name: 'night owls' },
      });
      expect(duplicate).toMatchObject({ status: 409, body: { message: messages.roomNameTaken } });
      const blank = await t.call('PUT', `/api/chat/rooms/${add.body.id}`, {
        token: college.token,
        body: { name: '  ' },
      });
      expect(blank).toMatchObject({ status: 400, body: { fields: { name: messages.roomNameInvalid } } });
      await t.call('PUT', `/api/chat/rooms/${add.body.id}`, { token: college.token, body: { name: 'Early Birds' } });
      expect(await rooms()).toContain('Early Birds');
      await t.call('PUT', `/api/chat/rooms/${add.body.id}/archive`, { token: college.token, body: {} });
      expect(await rooms()).not.toContain('Early Birds');
      expect(
        (await t.call('PUT', `/api/chat/rooms/${add.body.id}/archive`, { token: college.token, body: {} })).status,
      ).toBe(404);
    });

    it('gives the figures of a college', async () => {
      const before = (await t.call('GET', '/api/admin/stats', { token: normal.token })).body;
      await f.pendingConfession();
      await f.pendingDirectMessage();
      const after = (await t.call('GET', '/api/admin/stats', { token: normal.token })).body;
      expect(after).toMatchObject({
        collegeCode: 'C001',
        pendingConfessions: before.pendingConfessions + 1,
        pendingDirectMessages: before.pendingDirectMessages + 1,
      });
    });
  });
}
