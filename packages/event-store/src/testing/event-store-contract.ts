import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { InvalidAppendError, StreamNotFoundError, WrongExpectedRevisionError } from '../errors.js';
import type { EventStore, Position, RecordedEvent } from '../event-store.js';
import { comparePositions } from '../position.js';

export type EventStoreFactory = Readonly<{
  name: string;
  open(): Promise<{ store: EventStore; dispose(): Promise<void> }>;
}>;

const event = (type: string, data: Record<string, unknown> = {}) => ({ type, data, metadata: { test: true } });

/** Collects events from a subscription until `done` says enough, or the timeout passes. */
async function collect(
  store: EventStore,
  after: Position | null,
  done: (events: RecordedEvent[]) => boolean,
  timeoutMs = 20000,
): Promise<RecordedEvent[]> {
  const subscription = store.subscribeToAll({ after });
  const received: RecordedEvent[] = [];
  const timer = setTimeout(() => void subscription.close(), timeoutMs);
  for await (const recorded of subscription) {
    received.push(recorded);
    if (done(received)) break;
  }
  clearTimeout(timer);
  await subscription.close();
  return received;
}

/**
 * Reads "all" until `enough` holds: an event becomes readable only once no transaction begun
 * before it is still open, anywhere on the server, so a read right after an append may come
 * back short for a moment.
 */
async function readAllUntil(
  store: EventStore,
  options: { after?: Position | null; maxCount: number },
  enough: (events: RecordedEvent[]) => boolean,
): Promise<RecordedEvent[]> {
  const deadline = Date.now() + 10000;
  while (true) {
    const events = await store.readAll(options);
    if (enough(events) || Date.now() > deadline) return events;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * The semantics every event-store adapter must share. Stream names are unique per run so the
 * suite also runs against a shared server that holds other events.
 */
export function describeEventStoreContract(factory: EventStoreFactory): void {
  describe(`event store contract: ${factory.name}`, () => {
    let store: EventStore;
    let dispose: () => Promise<void>;
    const run = randomUUID().slice(0, 8);
    const stream = (name: string) => `${name}-${run}`;

    beforeAll(async () => {
      ({ store, dispose } = await factory.open());
    });
    afterAll(async () => {
      await dispose();
    });

    describe('append', () => {
      it('numbers a new stream from revision 0 and reads it back in order', async () => {
        const result = await store.appendToStream(stream('numbering'), [event('A'), event('B'), event('C')], {
          expectedRevision: 'no_stream',
        });
        expect(result.nextExpectedRevision).toBe(2);
        const events = await store.readStream(stream('numbering'));
        expect(events.map((e) => [e.revision, e.type])).toEqual([
          [0, 'A'],
          [1, 'B'],
          [2, 'C'],
        ]);
        expect(events[0]!.data).toEqual({});
        expect(events[0]!.metadata).toEqual({ test: true });
        expect(comparePositions(events[2]!.position, result.position)).toBe(0);
      });

      it('keeps data and metadata as given', async () => {
        const data = { text: 'héllo <b>"quoted"</b> 🙂', nested: { list: [1, 2, 3], flag: false, none: null } };
        await store.appendToStream(stream('payload'), [{ type: 'Payload', data, metadata: { actor: 'x' } }]);
        const [recorded] = await store.readStream(stream('payload'));
        expect(recorded!.data).toEqual(data);
        expect(recorded!.metadata).toEqual({ actor: 'x' });
        expect(recorded!.recordedAt).toBeInstanceOf(Date);
      });

      it('accepts an exact expected revision and refuses a stale one, naming the actual revision', async () => {
        const name = stream('exact');
        await store.appendToStream(name, [event('A')], { expectedRevision: 'no_stream' });
        await store.appendToStream(name, [event('B')], { expectedRevision: 0 });
        const failure = await store.appendToStream(name, [event('C')], { expectedRevision: 0 }).catch((e) => e);
        expect(failure).toBeInstanceOf(WrongExpectedRevisionError);
        expect(failure).toMatchObject({ streamId: name, expected: 0, actual: 1 });
        expect((await store.readStream(name)).map((e) => e.type)).toEqual(['A', 'B']);
      });

      it('enforces no_stream, stream_exists and any', async () => {
        const name = stream('states');
        await expect(
          store.appendToStream(name, [event('A')], { expectedRevision: 'stream_exists' }),
        ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
        await store.appendToStream(name, [event('A')], { expectedRevision: 'no_stream' });
        await expect(store.appendToStream(name, [event('B')], { expectedRevision: 'no_stream' })).rejects.toMatchObject(
          {
            actual: 0,
          },
        );
        await store.appendToStream(name, [event('B')], { expectedRevision: 'stream_exists' });
        const result = await store.appendToStream(name, [event('C')], { expectedRevision: 'any' });
        expect(result.nextExpectedRevision).toBe(2);
        await expect(
          store.appendToStream(stream('never'), [event('A')], { expectedRevision: 3 }),
        ).rejects.toMatchObject({
          actual: -1,
        });
      });

      it('treats a retried identical append as a no-op with the same answer', async () => {
        const name = stream('idempotent');
        const events = [
          { id: randomUUID(), ...event('A') },
          { id: randomUUID(), ...event('B') },
        ];
        const first = await store.appendToStream(name, events, { expectedRevision: 'no_stream' });
        const retry = await store.appendToStream(name, events, { expectedRevision: 'no_stream' });
        expect(retry.nextExpectedRevision).toBe(first.nextExpectedRevision);
        expect(comparePositions(retry.position, first.position)).toBe(0);
        const retryAny = await store.appendToStream(name, events);
        expect(retryAny.nextExpectedRevision).toBe(1);
        expect(await store.readStream(name)).toHaveLength(2);
      });
    });

    describe('append to several streams', () => {
      it('stores the events of every stream at once, in the order given', async () => {
        const [a, b, c] = [stream('multi-a'), stream('multi-b'), stream('multi-c')];
        await store.appendToStream(b, [event('B0')]);
        const result = await store.appendToStreams([
          { streamId: a, events: [event('A0'), event('A1')], expectedRevision: 'no_stream' },
          { streamId: b, events: [event('B1')], expectedRevision: 0 },
          { streamId: c, events: [event('C0')] },
        ]);
        expect([...result.nextExpectedRevisions]).toEqual([
          [a, 1],
          [b, 1],
          [c, 0],
        ]);
        const [lastOfC] = await store.readStream(c);
        expect(comparePositions(lastOfC!.position, result.position)).toBe(0);
        const ours = (events: RecordedEvent[]) => events.filter((e) => [a, b, c].includes(e.streamId));
        const all = await readAllUntil(store, { maxCount: 100000 }, (events) => ours(events).length >= 5);
        const mine = ours(all).map((e) => e.type);
        expect(mine).toEqual(['B0', 'A0', 'A1', 'B1', 'C0']);
      });

      it('stores nothing when one stream is not at its expected revision, and names that stream', async () => {
        const [fresh, stale] = [stream('multi-fresh'), stream('multi-stale')];
        await store.appendToStream(stale, [event('S0'), event('S1')]);
        const failure = await store
          .appendToStreams([
            { streamId: fresh, events: [event('F0')], expectedRevision: 'no_stream' },
            { streamId: stale, events: [event('S2')], expectedRevision: 0 },
          ])
          .catch((error: unknown) => error);
        expect(failure).toBeInstanceOf(WrongExpectedRevisionError);
        expect(failure).toMatchObject({ streamId: stale, expected: 0, actual: 1 });
        await expect(store.readStream(fresh)).rejects.toBeInstanceOf(StreamNotFoundError);
        expect(await store.readStream(stale)).toHaveLength(2);
      });

      it('refuses a stream named twice', async () => {
        const name = stream('multi-twice');
        await expect(
          store.appendToStreams([
            { streamId: name, events: [event('X')] },
            { streamId: name, events: [event('Y')] },
          ]),
        ).rejects.toBeInstanceOf(InvalidAppendError);
      });

      it('lets exactly one of several racing writers take each revision of a shared stream', async () => {
        const shared = stream('multi-shared');
        const writers = 12;
        await Promise.all(
          Array.from({ length: writers }, async (_, writer) => {
            for (let attempt = 0; attempt < 200; attempt++) {
              const current = await store.readStream(shared).then(
                (events) => events.length - 1,
                () => -1,
              );
              try {
                await store.appendToStreams([
                  {
                    streamId: shared,
                    events: [event('Counted', { writer })],
                    expectedRevision: current < 0 ? 'no_stream' : current,
                  },
                  {
                    streamId: `${stream('multi-own')}.${writer}`,
                    events: [event('Own')],
                    expectedRevision: 'no_stream',
                  },
                ]);
                return;
              } catch (error) {
                if (!(error instanceof WrongExpectedRevisionError)) throw error;
              }
            }
            throw new Error(`writer ${writer} never got through`);
          }),
        );
        const counted = await store.readStream(shared);
        expect(counted.map((e) => e.revision)).toEqual(Array.from({ length: writers }, (_, i) => i));
        expect(new Set(counted.map((e) => (e.data as { writer: number }).writer)).size).toBe(writers);
      }, 60000);
    });

    describe('read a stream', () => {
      const name = stream('reading');
      beforeAll(async () => {
        await store.appendToStream(
          name,
          Array.from({ length: 12 }, (_, i) => event(`E${i}`)),
          { expectedRevision: 'no_stream' },
        );
      });

      it('reads forwards from a revision with a limit, in numeric order past revision 9', async () => {
        const events = await store.readStream(name, { fromRevision: 3, maxCount: 4 });
        expect(events.map((e) => e.revision)).toEqual([3, 4, 5, 6]);
        expect((await store.readStream(name)).map((e) => e.revision)).toEqual(Array.from({ length: 12 }, (_, i) => i));
      });

      it('reads backwards from the end or from a revision', async () => {
        expect((await store.readStream(name, { direction: 'backwards', maxCount: 3 })).map((e) => e.revision)).toEqual([
          11, 10, 9,
        ]);
        expect(
          (await store.readStream(name, { direction: 'backwards', fromRevision: 4, maxCount: 10 })).map(
            (e) => e.revision,
          ),
        ).toEqual([4, 3, 2, 1, 0]);
      });

      it('answers an empty page past the end of an existing stream', async () => {
        expect(await store.readStream(name, { fromRevision: 50 })).toEqual([]);
      });

      it('throws StreamNotFoundError for a stream with no events', async () => {
        const failure = await store.readStream(stream('missing')).catch((e) => e);
        expect(failure).toBeInstanceOf(StreamNotFoundError);
        expect(failure).toMatchObject({ streamId: stream('missing') });
      });

      it('throws StreamNotFoundError for a stream with no events read from its middle', async () => {
        const failure = await store.readStream(stream('missing'), { fromRevision: 5, maxCount: 2 }).catch((e) => e);
        expect(failure).toBeInstanceOf(StreamNotFoundError);
      });

      it('reads several whole streams asked for at once, each on its own', async () => {
        const other = stream('reading-other');
        await store.appendToStream(other, [event('O0'), event('O1')], { expectedRevision: 'no_stream' });
        const [first, second, missing, backwards] = await Promise.allSettled([
          store.readStream(name),
          store.readStream(other),
          store.readStream(stream('missing-too')),
          store.readStream(other, { direction: 'backwards' }),
        ]);
        expect(first).toMatchObject({ status: 'fulfilled', value: { length: 12 } });
        expect(second.status === 'fulfilled' && second.value.map((e) => [e.streamId, e.type])).toEqual([
          [other, 'O0'],
          [other, 'O1'],
        ]);
        expect(missing.status === 'rejected' && missing.reason).toBeInstanceOf(StreamNotFoundError);
        expect(backwards.status === 'fulfilled' && backwards.value.map((e) => e.type)).toEqual(['O1', 'O0']);
      });
    });

    describe('read all', () => {
      it('returns events after a position, in append order, with a limit', async () => {
        const name = stream('all');
        const first = await store.appendToStream(name, [event('A')]);
        await store.appendToStream(name, [event('B'), event('C')]);
        await store.appendToStream(stream('all-other'), [event('D')]);
        const ours = (events: RecordedEvent[]) =>
          events.filter((e) => e.streamId.endsWith(run) && e.streamId.startsWith('all'));
        const page = await readAllUntil(
          store,
          { after: first.position, maxCount: 1000 },
          (events) => ours(events).length >= 3,
        );
        const mine = ours(page);
        expect(mine.map((e) => e.type)).toEqual(['B', 'C', 'D']);
        for (let i = 1; i < page.length; i++) {
          expect(comparePositions(page[i - 1]!.position, page[i]!.position)).toBeLessThan(0);
        }
        const limited = await store.readAll({ after: first.position, maxCount: 2 });
        expect(limited).toHaveLength(2);
      });

      it('reads every event committed before it at once when asked to wait for appends under way', async () => {
        const before = await store.appendToStream(stream('whole-before'), [event('Before')]);
        const name = stream('whole');
        await store.appendToStream(name, [event('A'), event('B'), event('C')]);
        const page = await store.readAll({ after: before.position, maxCount: 1000, waitForOpenAppends: true });
        expect(page.filter((e) => e.streamId === name).map((e) => e.type)).toEqual(['A', 'B', 'C']);
      });

      it('reads from the first event when no position is given and knows its head', async () => {
        const all = await store.readAll({ maxCount: 5 });
        expect(all.length).toBeGreaterThan(0);
        const last = await store.appendToStream(stream('head'), [event('Head')]);
        let head = await store.headPosition();
        for (let i = 0; i < 100 && head && comparePositions(head, last.position) < 0; i++) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          head = await store.headPosition();
        }
        expect(head).not.toBeNull();
        expect(comparePositions(head!, last.position)).toBeGreaterThanOrEqual(0);
      });
    });

    describe('subscribe to all', () => {
      it('delivers events appended after the checkpoint, live', async () => {
        const name = stream('live');
        const before = await store.appendToStream(name, [event('Before')]);
        const received = collect(store, before.position, (events) => events.some((e) => e.type === 'Live2'));
        await new Promise((resolve) => setTimeout(resolve, 50));
        await store.appendToStream(name, [event('Live1')]);
        await store.appendToStream(name, [event('Live2')]);
        const mine = (await received).filter((e) => e.streamId === name);
        expect(mine.map((e) => e.type)).toEqual(['Live1', 'Live2']);
      });

      it("gives 8 concurrent writers' 2,000 events to a reader exactly once, in stream order", async () => {
        const start = await store.headPosition();
        const writers = 8;
        const perWriter = 250;
        const streamsPerWriter = 25;
        const prefix = stream('concurrent');
        const expectedIds = new Set<string>();
        const reader = collect(
          store,
          start,
          (events) => events.filter((e) => e.streamId.startsWith(prefix)).length >= writers * perWriter,
          120000,
        );
        await Promise.all(
          Array.from({ length: writers }, async (_, writer) => {
            for (let i = 0; i < perWriter; i++) {
              const id = randomUUID();
              expectedIds.add(id);
              await store.appendToStream(`${prefix}.${writer}.${i % streamsPerWriter}`, [
                { id, ...event('Concurrent', { writer, i }) },
              ]);
            }
          }),
        );
        const mine = (await reader).filter((e) => e.streamId.startsWith(prefix));
        expect(mine).toHaveLength(writers * perWriter);
        expect(new Set(mine.map((e) => e.id))).toEqual(expectedIds);
        const lastRevision = new Map<string, number>();
        for (const recorded of mine) {
          const previous = lastRevision.get(recorded.streamId) ?? -1;
          expect(recorded.revision).toBe(previous + 1);
          lastRevision.set(recorded.streamId, recorded.revision);
        }
      }, 180000);

      it('keeps one stream in revision order when writers race on it', async () => {
        const name = stream('contended');
        const start = await store.headPosition();
        const reader = collect(
          store,
          start,
          (events) => events.filter((e) => e.streamId === name).length >= 200,
          60000,
        );
        await Promise.all(
          Array.from({ length: 8 }, async () => {
            for (let i = 0; i < 25; i++)
              await store.appendToStream(name, [event('Raced')], { expectedRevision: 'any' });
          }),
        );
        const mine = (await reader).filter((e) => e.streamId === name);
        expect(mine.map((e) => e.revision)).toEqual(Array.from({ length: 200 }, (_, i) => i));
      }, 120000);
    });
  });
}
