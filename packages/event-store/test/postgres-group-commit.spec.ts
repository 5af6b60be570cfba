import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { Database } from '@secretchatbox/database';
import { reportSkippedServerSuites, testDatabaseTargets } from '@secretchatbox/database/testing';
import { randomUUID } from 'node:crypto';
import { type AppendResult, PostgresEventStore, WrongExpectedRevisionError } from '../src/index.js';

reportSkippedServerSuites('the group commit tests');

const event = (n: number) => ({ type: 'Counted', data: { n } });

for (const target of testDatabaseTargets()) {
  describe(`appends at the same moment on ${target.name}`, () => {
    let db: Database;
    let store: PostgresEventStore;
    let dispose: () => Promise<void>;
    let groupCalls = 0;
    let ownReads = 0;
    /** How many pages each group call read for subscriptions. */
    let pagesRead: number[] = [];

    beforeEach(async () => {
      ({ db, dispose } = await target.create());
      store = await PostgresEventStore.open(db, { appendCallsInFlight: 1 });
      const query = db.query.bind(db);
      groupCalls = 0;
      ownReads = 0;
      pagesRead = [];
      db.query = ((sql: string, params?: readonly unknown[]) => {
        if (sql.includes('event_store.append_group')) {
          groupCalls += 1;
          pagesRead.push((params![8] as unknown[]).length);
        }
        if (sql.includes('event_store.read_all_after(')) ownReads += 1;
        return query(sql, params);
      }) as typeof db.query;
    });
    afterEach(async () => {
      await store.close();
      await dispose();
    });

    it('go to the database together, in fewer calls than appends, each answered with its own position', async () => {
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          store.appendToStream(`grouped-${i}`, [event(i)], { expectedRevision: 'no_stream' }),
        ),
      );
      expect(results.map((result) => result.nextExpectedRevision)).toEqual(results.map(() => 0));
      expect(new Set(results.map((result) => `${result.position.commit}/${result.position.prepare}`)).size).toBe(20);
      expect(groupCalls).toBeLessThan(20);
      expect(await store.countEvents()).toBe(20);
    });

    it('made in the same turn of the event loop, go in one call though none is on its way', async () => {
      // On PGlite a call holds the event loop: nothing made later could join it.
      const appends = [0, 1, 2].map((i) => store.appendToStream(`same-turn-${i}`, [event(i)]));
      await Promise.all(appends);
      expect(groupCalls).toBe(1);
    });

    it('refuse one append of a group alone, storing the others', async () => {
      await store.appendToStream('taken', [event(0)]);
      const outcomes = await Promise.allSettled([
        store.appendToStream('fine-1', [event(1)]),
        store.appendToStream('taken', [event(2)], { expectedRevision: 'no_stream' }),
        store.appendToStreams([
          { streamId: 'fine-2', events: [event(3)] },
          { streamId: 'fine-3', events: [event(4), event(5)], expectedRevision: 'no_stream' },
        ]),
        store.appendToStreams([
          { streamId: 'fine-4', events: [event(6)] },
          { streamId: 'taken', events: [event(7)], expectedRevision: 7 },
        ]),
      ]);
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'rejected']);
      const refusal = (outcomes[3] as PromiseRejectedResult).reason as WrongExpectedRevisionError;
      expect(refusal).toBeInstanceOf(WrongExpectedRevisionError);
      expect(refusal.message).toContain('taken');
      // Nothing of a refused append is stored, not even its part in another stream.
      await expect(store.readStream('fine-4')).rejects.toThrow();
      expect((await store.readStream('taken')).map((stored) => stored.data)).toEqual([{ n: 0 }]);
      expect((await store.readStream('fine-3')).map((stored) => stored.data)).toEqual([{ n: 4 }, { n: 5 }]);
    });

    it('answer a retry in a group as the first time, and refuse a used event id alone', async () => {
      const [kept, twice] = [randomUUID(), randomUUID()];
      const first = await store.appendToStream('kept', [{ id: kept, ...event(0) }], { expectedRevision: 'no_stream' });
      groupCalls = 0;
      const outcomes = await Promise.allSettled([
        store.appendToStream('warm-up', [event(1)]),
        store.appendToStream('kept', [{ id: kept, ...event(0) }], { expectedRevision: 'no_stream' }),
        store.appendToStream('elsewhere', [{ id: kept, ...event(2) }]),
        store.appendToStream('fresh', [event(3)], { expectedRevision: 'no_stream' }),
        store.appendToStream('twin-1', [{ id: twice, ...event(4) }]),
        store.appendToStream('twin-2', [{ id: twice, ...event(5) }]),
      ]);
      expect(outcomes.map((outcome) => outcome.status)).toEqual([
        'fulfilled',
        'fulfilled',
        'rejected',
        'fulfilled',
        'fulfilled',
        'rejected',
      ]);
      expect((outcomes[1] as PromiseFulfilledResult<AppendResult>).value).toEqual(first);
      // Made in the same turn: all six as one group.
      expect(groupCalls).toBe(1);
      await expect(store.readStream('elsewhere')).rejects.toThrow();
      await expect(store.readStream('twin-2')).rejects.toThrow();
      expect((await store.readStream('fresh')).map((stored) => stored.data)).toEqual([{ n: 3 }]);
      expect(await store.countEvents()).toBe(4);
    });

    it('keep the events of each append together and in order in the log', async () => {
      await Promise.all(
        Array.from({ length: 10 }, (_, i) => store.appendToStream(`together-${i}`, [event(1), event(2), event(3)])),
      );
      const all = await store.readAll();
      const streams = all.map((stored) => stored.streamId);
      for (let i = 0; i < 10; i++) {
        const first = streams.indexOf(`together-${i}`);
        expect(streams.slice(first, first + 3)).toEqual([`together-${i}`, `together-${i}`, `together-${i}`]);
        expect(all.slice(first, first + 3).map((stored) => stored.revision)).toEqual([0, 1, 2]);
      }
    });

    it('hand a waiting subscription the events they stored, read in the same call, in order', async () => {
      const subscription = store.subscribeToAll();
      const received: number[] = [];
      const consuming = (async () => {
        for await (const stored of subscription) received.push((stored.data as { n: number }).n);
      })();
      try {
        // The subscription's first read finds nothing; after it, the appends read for it.
        for (let i = 0; i < 20 && ownReads === 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
        await new Promise((resolve) => setTimeout(resolve, 20));
        const readsBefore = ownReads;
        for (let i = 1; i <= 3; i++) {
          await Promise.all([
            store.appendToStream(`fed-${i}`, [event(i * 10)]),
            store.appendToStream(`fed-${i}b`, [event(i * 10 + 1)]),
          ]);
          for (let wait = 0; wait < 50 && received.length < 2 * i; wait++)
            await new Promise((resolve) => setImmediate(resolve));
        }
        expect(received).toEqual([10, 11, 20, 21, 30, 31]);
        expect(groupCalls).toBe(3);
        expect(ownReads).toBe(readsBefore);
      } finally {
        await subscription.close();
        await consuming;
      }
    });

    it('read one page for the subscriptions waiting at the same place, and hand it to each', async () => {
      const subscriptions = [store.subscribeToAll(), store.subscribeToAll()];
      const received = subscriptions.map((): number[] => []);
      const consuming = subscriptions.map(async (subscription, index) => {
        for await (const stored of subscription) received[index]!.push((stored.data as { n: number }).n);
      });
      try {
        // Their first reads find nothing; after them, the append reads for both.
        for (let i = 0; i < 20 && ownReads < 2; i++) await new Promise((resolve) => setTimeout(resolve, 10));
        await new Promise((resolve) => setTimeout(resolve, 20));
        const readsBefore = ownReads;
        await store.appendToStream('shared', [event(1), event(2)]);
        for (let wait = 0; wait < 50 && received.some((events) => events.length < 2); wait++)
          await new Promise((resolve) => setImmediate(resolve));
        expect(received).toEqual([
          [1, 2],
          [1, 2],
        ]);
        expect(pagesRead).toEqual([1]);
        expect(ownReads).toBe(readsBefore);
      } finally {
        await Promise.all(subscriptions.map((subscription) => subscription.close()));
        await Promise.all(consuming);
      }
    });
  });
}
