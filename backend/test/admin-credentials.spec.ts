import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { messages } from '@secretchatbox/contracts';
import { ProjectionProgress } from '@secretchatbox/projections';
import { reportSkippedServerSuites, testDatabaseTargets } from '@secretchatbox/database/testing';
import { eventStoreTestSchema } from '@secretchatbox/event-store/testing';
import { legacyAdminIdFor } from '../src/features/admin-auth/admin-account.decider.js';
import { movePasswordHashesOutOfEvents } from '../src/features/admin-auth/admin-credentials.js';
import { Argon2PasswordHasher } from '../src/infrastructure/password-hasher.js';
import { moderationFixtures } from './support/moderation-fixtures.js';
import { credentialOf, hashLike, storedEventsText } from './support/stored-secrets.js';
import { openTestStorage, startTestAppOn, type TestApp } from './support/test-app.js';

reportSkippedServerSuites('the admin credentials tests');

for (const target of testDatabaseTargets()) {
  describe(`password hashes of accounts created before the credentials table, on ${target.name}`, () => {
    let t: TestApp;
    const oldPassword = 'an old long password';
    const legacyId = legacyAdminIdFor('Legacy');
    const deletedId = legacyAdminIdFor('gone');
    const metadata = { actor: { kind: 'system' }, occurredAt: new Date().toISOString() };
    let passwordHash = '';
    const created = (adminId: string, username: string) => ({
      type: 'AdminAccountCreated',
      data: { adminId, username, passwordHash, role: 'auditor', collegeCode: null },
      metadata,
    });

    beforeAll(async () => {
      // A database from before the credentials table: its migration has yet to run.
      const storage = await openTestStorage(target, eventStoreTestSchema);
      passwordHash = await new Argon2PasswordHasher().hash(oldPassword);
      // As the code before the credentials table stored them: the hash in the event, the id from the name.
      await storage.store.appendToStream(`adminAccount-${legacyId}`, [created(legacyId, 'Legacy')]);
      await storage.store.appendToStream(`adminAccount-${deletedId}`, [
        created(deletedId, 'gone'),
        { type: 'AdminAccountDeleted', data: { adminId: deletedId, username: 'gone' }, metadata },
      ]);
      t = await startTestAppOn(storage);
    }, 60000);
    afterAll(async () => {
      await t.close();
    });

    it('moves them out of the stored events at start, keeps the account and its id, and does it only once', async () => {
      const signedIn = await t.call('POST', '/api/auth/login', { body: { username: 'legacy', password: oldPassword } });
      expect(signedIn.status).toBe(200);
      expect(signedIn.body.user.id).toBe(legacyId);
      expect(await credentialOf(t, deletedId)).toBeNull();
      for (const text of await storedEventsText(t)) expect(text).not.toMatch(hashLike);

      const snapshot = async () => ({
        events: (await t.storage.db.query('SELECT seq, data, metadata FROM event_store.events ORDER BY seq')).rows,
        credentials: (await t.storage.db.query('SELECT * FROM public.admin_credentials ORDER BY admin_id')).rows,
      });
      const before = await snapshot();
      await t.storage.db.exec(movePasswordHashesOutOfEvents);
      const after = await snapshot();
      // The audit chain may link the sign-in meanwhile, in an event of its own: what was stored
      // before must be as it was.
      expect({ ...after, events: after.events.slice(0, before.events.length) }).toEqual(before);
    });

    it('copies the hash of an event the start did not edit (as on KurrentDB) at its first sign-in', async () => {
      const keptId = legacyAdminIdFor('kept');
      const { position } = await t.storage.store.appendToStream(`adminAccount-${keptId}`, [created(keptId, 'kept')]);
      await t.app.get(ProjectionProgress).waitFor(position, ['AdminAccountCreated'], 5000);
      expect(await credentialOf(t, keptId)).toBeNull();
      const signIn = (password: string) => t.call('POST', '/api/auth/login', { body: { username: 'kept', password } });
      expect((await signIn('not the old password')).status).toBe(401);
      expect(await credentialOf(t, keptId)).toBe(passwordHash);
      expect((await signIn(oldPassword)).status).toBe(200);
    });

    it('keeps the username of an account created before usernames had streams taken, until it is deleted', async () => {
      const chiefToken = (await moderationFixtures(t)).chiefToken;
      const create = () =>
        t.call('POST', '/api/admins', {
          token: chiefToken,
          body: { username: 'LEGACY', password: 'a long enough password', role: 'auditor' },
        });
      expect((await create()).body.message).toBe(messages.usernameTaken);
      expect((await t.call('DELETE', `/api/admins/${legacyId}`, { token: chiefToken })).status).toBe(200);
      expect(await credentialOf(t, legacyId)).toBeNull();
      const made = await create();
      expect(made.status).toBe(201);
      expect(made.body.id).not.toBe(legacyId);
    });
  });
}
