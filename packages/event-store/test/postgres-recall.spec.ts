import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { Database } from '@secretchatbox/database';
import { reportSkippedServerSuites, testDatabaseTargets } from '@secretchatbox/database/testing';
import { PostgresEventStore, WrongExpectedRevisionError } from '../src/index.js';

reportSkippedServerSuites('the recall tests');

const event = (n: number, id: string = randomUUID()) => ({ id, type: 'Counted', data: { n } });
const numbers = (events: readonly { data: unknown }[] | null) => events?.map((e) => (e.data as { n: number }).n);
/** Streams to recall whole. */
const streams = (...streamIds: string[]) => streamIds.map((streamId) => ({ streamId }));

for (const target of testDatabaseTargets()) {
  describe(`recalling streams on ${target.name}`, () => {
    let db: Database;
    let dispose: () => Promise<void>;
    let store: PostgresEventStore;
    let otherProcess: PostgresEventStore;

    beforeEach(async () => {
      ({ db, dispose } = await target.create());
      store = await PostgresEventStore.open(db);
      otherProcess = await PostgresEventStore.open(db);
    });
    afterEach(async () => {
      await store.close();
      await otherProcess.close();
      await dispose();
    });

    it('knows a stream once it read it, and what it appended to it since, one event at a time', async () => {
      expect(store.recall(streams('a'))).toEqual([null]);
      await otherProcess.appendToStream('a', [event(0)]);
      await store.readStream('a');
      await store.appendToStream('a', [event(1)], { expectedRevision: 0 });
      await store.appendToStreams([{ streamId: 'b', events: [event(0)], expectedRevision: 'no_stream' }]);
      const [a, b] = store.recall(streams('a', 'b'));
      expect(numbers(a!)).toEqual([0, 1]);
      expect(a!.map((e) => e.revision)).toEqual([0, 1]);
      expect(numbers(b!)).toEqual([0]);
      // A stream given several events at once is let go: only the last one's position comes back.
      await store.appendToStream('a', [event(2), event(3)]);
      expect(store.recall(streams('a'))).toEqual([null]);
    });

    it('reads what it appended back from the database, with the time it was recorded', async () => {
      await store.appendToStream('c', [event(0)], { expectedRevision: 'no_stream' });
      const [read] = await store.readStream('c');
      expect(read!.recordedAt).toBeInstanceOf(Date);
      expect(store.recall(streams('c'))[0]![0]!.position).toEqual(read!.position);
    });

    it('appends only while the streams it only read are as they were', async () => {
      await otherProcess.appendToStream('watched', [event(0)]);
      const unchanged = [{ streamId: 'watched', revision: 0 }];
      await store.appendIfUnchanged([{ streamId: 'mine', events: [event(0)] }], unchanged);
      await otherProcess.appendToStream('watched', [event(1)]);
      const refused = await store
        .appendIfUnchanged([{ streamId: 'mine', events: [event(1)] }], unchanged)
        .catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(WrongExpectedRevisionError);
      expect((refused as WrongExpectedRevisionError).streamId).toBe('watched');
      expect(numbers(await store.readStream('mine'))).toEqual([0]);
      const none = [{ streamId: 'never-written', revision: -1 }];
      await store.appendIfUnchanged([{ streamId: 'mine', events: [event(1)] }], none);
      expect(numbers(await store.readStream('mine'))).toEqual([0, 1]);
    });

    it('says that an append found its events already stored, and holds nothing of it', async () => {
      const id = randomUUID();
      await otherProcess.appendToStream('retried', [event(0, id)], { expectedRevision: 'no_stream' });
      const first = (await otherProcess.readStream('retried'))[0]!;
      // Taken as new here, with a check of another stream: the careful way, one request at a time.
      const retry = await store.appendIfUnchanged(
        [{ streamId: 'retried', events: [event(0, id)], expectedRevision: 'no_stream' }],
        [{ streamId: 'unwritten', revision: -1 }],
      );
      expect(retry.repeated).toBe(true);
      expect(retry.position).toEqual(first.position);
      expect(store.recall(streams('retried'))).toEqual([null]);
      const fresh = await store.appendIfUnchanged(
        [{ streamId: 'retried', events: [event(1)], expectedRevision: 0 }],
        [],
      );
      expect(fresh.repeated).toBe(false);
      expect(numbers(await store.readStream('retried'))).toEqual([0, 1]);
    });

    it('holds what another process appended only once it reads it', async () => {
      await store.appendToStream('shared', [event(0)], { expectedRevision: 'no_stream' });
      await otherProcess.appendToStream('shared', [event(1)]);
      expect(numbers(store.recall(streams('shared'))[0]!)).toEqual([0]);
      await expect(
        store.appendIfUnchanged([{ streamId: 'shared', events: [event(2)], expectedRevision: 0 }], []),
      ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      await store.readStream('shared');
      expect(numbers(store.recall(streams('shared'))[0]!)).toEqual([0, 1]);
    });
  });
}
