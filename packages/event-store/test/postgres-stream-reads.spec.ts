import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { Database } from '@secretchatbox/database';
import { reportSkippedServerSuites, testDatabaseTargets } from '@secretchatbox/database/testing';
import { PostgresEventStore } from '../src/index.js';

reportSkippedServerSuites('the stream read tests');

const event = (n: number) => ({ type: 'Counted', data: { n } });
const numbers = (events: readonly { data: unknown }[]) => events.map((e) => (e.data as { n: number }).n);

for (const target of testDatabaseTargets()) {
  describe(`reading a stream again on ${target.name}`, () => {
    let db: Database;
    let dispose: () => Promise<void>;
    let reader: PostgresEventStore;
    let otherProcess: PostgresEventStore;
    let rowsRead = 0;

    beforeEach(async () => {
      ({ db, dispose } = await target.create());
      reader = await PostgresEventStore.open(db);
      otherProcess = await PostgresEventStore.open(db);
      const query = db.query.bind(db);
      db.query = (async (sql: string, params?: readonly unknown[]) => {
        const result = await query(sql, params);
        if (sql.includes('event_store.read_streams_after')) rowsRead += result.rows.length;
        return result;
      }) as typeof db.query;
    });
    afterEach(async () => {
      await reader.close();
      await otherProcess.close();
      await dispose();
    });

    it('fetches only the events after those it read before, and sees those another process appended', async () => {
      await otherProcess.appendToStream('counted', [event(0), event(1), event(2)]);
      expect(numbers(await reader.readStream('counted'))).toEqual([0, 1, 2]);
      expect(rowsRead).toBe(3);

      rowsRead = 0;
      expect(numbers(await reader.readStream('counted'))).toEqual([0, 1, 2]);
      expect(rowsRead).toBe(0);

      await otherProcess.appendToStream('counted', [event(3)]);
      const again = await reader.readStream('counted');
      expect(numbers(again)).toEqual([0, 1, 2, 3]);
      expect(again.map((e) => e.revision)).toEqual([0, 1, 2, 3]);
      expect(rowsRead).toBe(1);
    });

    it('hands every caller a list of its own', async () => {
      await reader.appendToStream('shared', [event(0)]);
      const [first, second] = await Promise.all([reader.readStream('shared'), reader.readStream('shared')]);
      first!.push(first![0]!);
      expect(numbers(second!)).toEqual([0]);
      expect(numbers(await reader.readStream('shared'))).toEqual([0]);
    });
  });
}
