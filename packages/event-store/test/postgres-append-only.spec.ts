import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { Database } from '@secretchatbox/database';
import { reportSkippedServerSuites, testDatabaseTargets } from '@secretchatbox/database/testing';
import { PostgresEventStore } from '../src/index.js';

reportSkippedServerSuites('the append-only log tests');

for (const target of testDatabaseTargets()) {
  describe(`the stored log on ${target.name}`, () => {
    let db: Database;
    let dispose: () => Promise<void>;
    let store: PostgresEventStore;
    const id = randomUUID();
    const storedData = async () =>
      (await db.query('SELECT data FROM event_store.events WHERE event_id = $1', [id])).rows.map((row) => row.data);

    beforeEach(async () => {
      ({ db, dispose } = await target.create());
      store = await PostgresEventStore.open(db);
      await store.appendToStream('ledger', [{ id, type: 'Counted', data: { n: 1 } }]);
    });
    afterEach(async () => {
      await store.close();
      await dispose();
    });

    it('refuses to change, remove or truncate stored events', async () => {
      await expect(
        db.query(`UPDATE event_store.events SET data = '{"n": 2}' WHERE event_id = $1`, [id]),
      ).rejects.toThrow('the event log is append-only: UPDATE refused');
      await expect(db.query('DELETE FROM event_store.events WHERE event_id = $1', [id])).rejects.toThrow(
        'the event log is append-only: DELETE refused',
      );
      await expect(db.exec('TRUNCATE event_store.events')).rejects.toThrow(
        'the event log is append-only: TRUNCATE refused',
      );
      expect(await storedData()).toEqual([{ n: 1 }]);
      await store.appendToStream('ledger', [{ id: randomUUID(), type: 'Counted', data: { n: 2 } }]);
      expect((await store.readStream('ledger')).map((event) => event.data)).toEqual([{ n: 1 }, { n: 2 }]);
    });

    it('lets an UPDATE through only in a transaction that says it rewrites events, and never a DELETE', async () => {
      const rewriting = "SELECT set_config('event_store.rewriting_events', 'on', true)";
      await db.transaction(async (tx) => {
        await tx.query(rewriting);
        await tx.query(`UPDATE event_store.events SET data = '{"n": 2}' WHERE event_id = $1`, [id]);
      });
      expect(await storedData()).toEqual([{ n: 2 }]);
      await expect(
        db.transaction(async (tx) => {
          await tx.query(rewriting);
          await tx.query('DELETE FROM event_store.events WHERE event_id = $1', [id]);
        }),
      ).rejects.toThrow('DELETE refused');
      // The setting ends with its transaction.
      await expect(
        db.query(`UPDATE event_store.events SET data = '{"n": 3}' WHERE event_id = $1`, [id]),
      ).rejects.toThrow('UPDATE refused');
      expect(await storedData()).toEqual([{ n: 2 }]);
    });
  });
}
