import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from '@jest/globals';
import { EventStoreUnavailableError, InvalidAppendError } from '../src/errors.js';
import type { RecordedEvent } from '../src/event-store.js';
import { type KurrentDbTestServer, startKurrentDbTestServer } from '../src/testing/kurrentdb/kurrentdb-test-server.js';
import { KurrentDbEventStore } from '../src/kurrentdb/kurrentdb-event-store.js';

// What the event-store contract (src/testing/event-store-contract.ts) does not show: how the
// adapter meets the parts of a real server's behaviour that the port hides, through the official
// client over gRPC to the test server.

const opened: { server: KurrentDbTestServer; store: KurrentDbEventStore }[] = [];

async function setup(options: { multiStreamAppend?: boolean; connectionOptions?: string } = {}) {
  const server = await startKurrentDbTestServer(options);
  const store = KurrentDbEventStore.connect(server.connectionString + (options.connectionOptions ?? ''));
  opened.push({ server, store });
  return { server, store };
}

afterEach(async () => {
  for (const { server, store } of opened.splice(0)) {
    await store.close();
    server.close();
  }
});

/** A store whose server is gone: the port is free once the test server has stopped. */
async function unreachableStore() {
  const { server, store } = await setup();
  server.close();
  return store;
}

/** Writes system events around ours, the way a real server interleaves its own. */
async function appendAmongSystemEvents(server: KurrentDbTestServer, store: KurrentDbEventStore) {
  server.log.appendSystemEvent('$stats-127.0.0.1:2113', '$statsCollected');
  const a = await store.appendToStream('orders-1', [{ type: 'OrderPlaced', data: { n: 1 } }]);
  server.log.appendSystemEvent('$$orders-1', '$metadata');
  server.log.appendSystemEvent('$projections-orders', 'ProjectionCheckpoint');
  await store.appendToStream('orders-1', [{ type: 'OrderPaid', data: { n: 2 } }]);
  const c = await store.appendToStream('orders-2', [{ type: 'OrderPlaced', data: { n: 3 } }]);
  server.log.appendSystemEvent('$ce-orders', '$>');
  return { a, c };
}

async function take(subscription: AsyncIterable<RecordedEvent>, count: number) {
  const received: RecordedEvent[] = [];
  for await (const event of subscription) {
    received.push(event);
    if (received.length === count) break;
  }
  return received;
}

const streamsAndTypes = (events: RecordedEvent[]) => events.map((event) => [event.streamId, event.type]);

describe('KurrentDbEventStore', () => {
  describe('append', () => {
    it('refuses bad arguments before calling the server', async () => {
      const { server, store } = await setup();
      await expect(store.appendToStream('$system', [{ type: 'A', data: {} }])).rejects.toBeInstanceOf(
        InvalidAppendError,
      );
      await expect(store.appendToStream('s', [])).rejects.toBeInstanceOf(InvalidAppendError);
      await expect(
        store.appendToStream('s', [{ type: 'A', data: {} }], { expectedRevision: -2 }),
      ).rejects.toBeInstanceOf(InvalidAppendError);
      await expect(store.appendToStreams([])).rejects.toBeInstanceOf(InvalidAppendError);
      expect(server.log.length).toBe(0);
    });

    it('stores given ids in lower case, generates missing ones, and reads absent metadata back as {}', async () => {
      const { store } = await setup();
      const id = randomUUID().toUpperCase();
      await store.appendToStream('cart-2', [
        { id, type: 'A', data: { x: 1 } },
        { type: 'B', data: null },
      ]);
      expect(
        (await store.readStream('cart-2')).map(({ id: eventId, data, metadata }) => [eventId, data, metadata]),
      ).toEqual([
        [id.toLowerCase(), { x: 1 }, {}],
        [expect.stringMatching(/^[0-9a-f-]{36}$/), {}, {}],
      ]);
    });

    it('turns a refusal the client resolves instead of throwing (throwOnAppendFailure=false) into WrongExpectedRevisionError', async () => {
      const { store } = await setup({ connectionOptions: '&throwOnAppendFailure=false' });
      await store.appendToStream(
        'cart-4',
        [0, 1, 2, 3].map((n) => ({ type: 'A', data: { n } })),
      );
      await expect(
        store.appendToStream('cart-4', [{ type: 'B', data: {} }], { expectedRevision: 1 }),
      ).rejects.toMatchObject({ name: 'WrongExpectedRevisionError', streamId: 'cart-4', expected: 1, actual: 3 });
    });
  });

  describe('append to several streams', () => {
    it('carries any JSON metadata through the string-only metadata of a multi-stream append', async () => {
      const { store } = await setup();
      const metadata = { actor: { kind: 'visitor', sessionId: 's1' }, count: 1, flags: [true, null] };
      await store.appendToStreams([{ streamId: 'meta', events: [{ type: 'A', data: {}, metadata }] }]);
      const [recorded] = await store.readStream('meta');
      expect(recorded!.metadata).toEqual(metadata);
    });

    it('says which KurrentDB version it needs when the server is too old for it', async () => {
      const { store } = await setup({ multiStreamAppend: false });
      const failure = await store
        .appendToStreams([{ streamId: 's', events: [{ type: 'A', data: {} }] }])
        .catch((e) => e);
      expect(failure).not.toBeInstanceOf(EventStoreUnavailableError);
      expect(failure.message).toBe('Appending to several streams at once needs KurrentDB 25.1 or later');
      expect(failure.cause).toMatchObject({ type: 'unsupported', minimumVersion: '25.1' });
    });
  });

  describe("the server's own events", () => {
    it('are left out of reading all, which still fills its page', async () => {
      const { server, store } = await setup();
      const { a } = await appendAmongSystemEvents(server, store);
      expect(streamsAndTypes(await store.readAll())).toEqual([
        ['orders-1', 'OrderPlaced'],
        ['orders-1', 'OrderPaid'],
        ['orders-2', 'OrderPlaced'],
      ]);
      // A system stream's event can have a type the server's filter lets through.
      for (let i = 0; i < 5; i++) server.log.appendSystemEvent(`$system-${i}`, 'NotPrefixed');
      await store.appendToStream('orders-3', [{ type: 'OrderPlaced', data: {} }]);
      expect(streamsAndTypes(await store.readAll({ after: a.position, maxCount: 3 }))).toEqual([
        ['orders-1', 'OrderPaid'],
        ['orders-2', 'OrderPlaced'],
        ['orders-3', 'OrderPlaced'],
      ]);
    });

    it('are not the head: an empty store has none, then the last of ours is it', async () => {
      const { server, store } = await setup();
      server.log.appendSystemEvent('$stats-1', '$statsCollected');
      expect(await store.headPosition()).toBeNull();
      const { c } = await appendAmongSystemEvents(server, store);
      expect(await store.headPosition()).toEqual(c.position);
    });

    it('are left out of a subscription, which starts after its checkpoint', async () => {
      const { server, store } = await setup();
      const { a } = await appendAmongSystemEvents(server, store);
      const received = take(store.subscribeToAll({ after: a.position }), 3);
      server.log.appendSystemEvent('$system-live', 'NotPrefixed');
      await store.appendToStream('orders-3', [{ type: 'OrderPlaced', data: {} }]);
      expect(streamsAndTypes(await received)).toEqual([
        ['orders-1', 'OrderPaid'],
        ['orders-2', 'OrderPlaced'],
        ['orders-3', 'OrderPlaced'],
      ]);
    });
  });

  describe('subscribe to all', () => {
    it('ends the iteration when closed, and closing again does nothing', async () => {
      const { store } = await setup();
      const subscription = store.subscribeToAll();
      const received = take(subscription, 10);
      await store.appendToStream('s', [{ type: 'A', data: {} }]);
      await new Promise((resolve) => setTimeout(resolve, 50));
      await subscription.close();
      expect(streamsAndTypes(await received)).toEqual([['s', 'A']]);
      await expect(subscription.close()).resolves.toBeUndefined();
    });

    it('ends every open subscription when the store closes', async () => {
      const { store } = await setup();
      const received = [take(store.subscribeToAll(), 1), take(store.subscribeToAll(), 1)];
      await new Promise((resolve) => setTimeout(resolve, 50));
      await store.close();
      expect(await Promise.all(received)).toEqual([[], []]);
    });

    it('fails the iteration with EventStoreUnavailableError when the server goes away', async () => {
      const { server, store } = await setup();
      const received = take(store.subscribeToAll(), 10);
      await store.appendToStream('s', [{ type: 'A', data: {} }]);
      await new Promise((resolve) => setTimeout(resolve, 50));
      server.close();
      await expect(received).rejects.toBeInstanceOf(EventStoreUnavailableError);
    });
  });

  describe('an unreachable server', () => {
    it.each([
      ['append', (store: KurrentDbEventStore) => store.appendToStream('s', [{ type: 'A', data: {} }])],
      [
        'append to several streams',
        (store: KurrentDbEventStore) => store.appendToStreams([{ streamId: 's', events: [{ type: 'A', data: {} }] }]),
      ],
      ['read a stream', (store: KurrentDbEventStore) => store.readStream('s')],
      ['read all', (store: KurrentDbEventStore) => store.readAll()],
      ['the head position', (store: KurrentDbEventStore) => store.headPosition()],
      ['ping', (store: KurrentDbEventStore) => store.ping()],
    ])('fails %s with EventStoreUnavailableError, keeping the cause', async (_name, call) => {
      const failure = await call(await unreachableStore()).catch((e) => e);
      expect(failure).toBeInstanceOf(EventStoreUnavailableError);
      expect(failure.cause).toBeInstanceOf(Error);
    });
  });

  it('answers ping when the server does', async () => {
    const { store } = await setup();
    await expect(store.ping()).resolves.toBeUndefined();
  });
});
