import { describe, expect, it } from '@jest/globals';
import { reportSkippedServerSuites, testDatabaseTargets } from '@secretchatbox/database/testing';
import { openTestStorage, startTestAppOn } from './support/test-app.js';

reportSkippedServerSuites('the test databases');

for (const target of testDatabaseTargets()) {
  describe(`a test database on ${target.name}`, () => {
    it('holds every migration the server applies as it starts, so that it starts without migrating', async () => {
      const storage = await openTestStorage(target);
      const applied = async () =>
        (await storage.db.query('SELECT component, version FROM public.schema_migrations ORDER BY 1, 2')).rows;
      const before = await applied();
      const t = await startTestAppOn(storage);
      try {
        expect(await applied()).toEqual(before);
        expect(before.length).toBeGreaterThan(0);
      } finally {
        await t.close();
      }
    });
  });
}
