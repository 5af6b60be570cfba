import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { messages } from '@secretchatbox/contracts';
import { reportSkippedServerSuites, testDatabaseTargets, until } from '@secretchatbox/database/testing';
import { allProjections, rebuildReadModels } from '@secretchatbox/projections';
import { ProjectionsService } from '../src/infrastructure/projections.service.js';
import { startTestApp, type TestApp } from './support/test-app.js';

reportSkippedServerSuites('the read-model tests');

const readModelTables = [
  'colleges',
  'chat_rooms',
  'visitor_sessions',
  'admin_accounts',
  'admin_sessions',
  'daily_usage',
  'chat_messages',
  'audit_events',
  'audit_links',
  'audit_queue_spans',
];

for (const target of testDatabaseTargets()) {
  describe(`read models on ${target.name}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(target, { READ_YOUR_WRITES_TIMEOUT_MS: '300' });
    });
    afterAll(async () => {
      await t.close();
    });

    const dump = async () =>
      Promise.all(
        readModelTables.map(
          async (table) => (await t.storage.db.query(`SELECT * FROM read_model.${table} ORDER BY 1`)).rows,
        ),
      );

    it('follow an account through more than ten sign-ins (a stream past revision 9)', async () => {
      for (let i = 0; i < 12; i++) {
        const login = await t.call('POST', '/api/auth/login', {
          body: { username: 'chief-test', password: 'correct horse battery' },
        });
        expect(login.status).toBe(200);
      }
    });

    it('rebuilt from the first event, equal the live ones', async () => {
      const rooms = (await t.call('GET', '/api/chat/rooms?collegeCode=C003')).body as { id: string }[];
      const chatted: string[] = [];
      for (let i = 0; i < 5; i++) {
        const { body } = await t.call('POST', '/api/session', { body: {} });
        await t.call('POST', '/api/confessions', {
          token: body.sessionToken,
          body: { content: `Read-model confession number ${i}.`, category: 'secrets', collegeCode: 'C003' },
        });
        const said = await t.call('POST', `/api/chat/rooms/${rooms[0]!.id}/messages`, {
          token: body.sessionToken,
          body: { content: `Read-model chat message ${i}` },
        });
        chatted.push(said.body.id);
      }
      const login = await t.call('POST', '/api/auth/login', {
        body: { username: 'chief-test', password: 'correct horse battery' },
      });
      const removal = await t.call('DELETE', `/api/admin/chat/messages/${chatted[2]}`, {
        token: login.body.sessionToken,
        body: { reasonCode: 'spam' },
      });
      expect(removal.status).toBe(200);
      await t.call('POST', '/api/auth/logout', { token: login.body.sessionToken });
      await t.call('POST', '/api/auth/login', { body: { username: 'chief-test', password: 'correct horse battery' } });
      // The chain writer follows the log a moment behind: the live journal has every link first.
      await until(async () => {
        const { rows } = await t.storage.db.query<{ unlinked: number }>(
          `SELECT count(*)::int AS unlinked FROM read_model.audit_events e
            WHERE moderation AND NOT EXISTS (SELECT 1 FROM read_model.audit_links l WHERE l.event_id = e.event_id)`,
        );
        return rows[0]!.unlinked === 0;
      });
      const live = await dump();
      expect(live[2]).toHaveLength(5);
      expect(live[4]).toHaveLength(14);
      expect(live[6]).toHaveLength(5);
      expect(live[6]!.filter((row) => row.removed)).toHaveLength(1);
      expect(live[5]!.map((row) => row.chat_messages)).toEqual(Array(5).fill(1));
      expect(live[7]!.filter((row) => row.type === 'ChatMessageRemoved')).toEqual([
        expect.objectContaining({
          moderation: true,
          actor_username: 'chief-test',
          reason_code: 'spam',
        }),
      ]);
      const removed = live[7]!.find((row) => row.type === 'ChatMessageRemoved')!;
      const links = live[8]!.filter((row) => row.event_id === removed.event_id);
      expect(links).toEqual([{ link: expect.any(Number), event_id: removed.event_id, hash: expect.any(Uint8Array) }]);
      expect(links[0]!.hash).toHaveLength(32);

      const projections = t.app.get(ProjectionsService);
      await Promise.all([...projections.runners.map((runner) => runner.stop()), projections.chainWriter?.stop()]);
      const result = await rebuildReadModels(t.storage.db, t.storage.store, allProjections);
      expect(result.events).toBe(await t.storage.store.countEvents());
      expect(await dump()).toEqual(live);
    });

    it('answer a saved write with 202 and what was stored when the projections cannot catch up in time', async () => {
      // The runners were stopped above, so nothing applies the new event.
      const { status, body } = await t.call('POST', '/api/session', { body: {} });
      expect(status).toBe(202);
      expect(body).toEqual({
        statusCode: 202,
        message: messages.savedNotYetVisible,
        position: expect.stringMatching(/^\d+\/\d+$/),
        sessionToken: expect.any(String),
        sessionId: expect.any(String),
      });
      const events = await t.storage.store.readStream(`visitorSession-${body.sessionId}`);
      expect(events.map((event) => event.type)).toEqual(['VisitorSessionStarted']);
    });
  });
}
