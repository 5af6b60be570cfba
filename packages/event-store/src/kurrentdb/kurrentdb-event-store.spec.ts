import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import {
  AccessDeniedError,
  type AllStreamResolvedEvent,
  type AppendStreamRequest,
  type AppendStreamState,
  BACKWARDS,
  CancelledError,
  DeadlineExceededError,
  END,
  type EventData,
  type Filter,
  type Position as ClientPosition,
  type RecordedEvent as ClientRecordedEvent,
  START,
  StreamNotFoundError as ClientStreamNotFoundError,
  UnavailableError,
  UnsupportedError,
  WrongExpectedVersionError,
} from '@kurrent/kurrentdb-client';
import {
  EventStoreUnavailableError,
  InvalidAppendError,
  StreamNotFoundError,
  WrongExpectedRevisionError,
} from '../errors.js';
import type { RecordedEvent } from '../event-store.js';
import { type KurrentDbClient, KurrentDbEventStore } from './kurrentdb-event-store.js';

type ReadOptions = {
  direction?: string;
  fromRevision?: typeof START | typeof END | bigint;
  fromPosition?: typeof START | typeof END | ClientPosition;
  maxCount?: number | bigint;
  filter?: Filter;
};

const comparePosition = (a: ClientPosition, b: ClientPosition) =>
  a.commit === b.commit ? Number(a.prepare - b.prepare) : Number(a.commit - b.commit);

/**
 * The server's side of the client calls the adapter makes, in memory. Where the server is lax
 * it is lax too: reads and subscriptions include the event at `fromPosition`.
 */
class FakeKurrentDb {
  readonly log: ClientRecordedEvent[] = [];
  readonly appendCalls: { streamName: string; streamState: AppendStreamState | undefined }[] = [];
  readonly multiAppendCalls: AppendStreamRequest[][] = [];
  readonly readStreamCalls: ReadOptions[] = [];
  /** Thrown by the next call, as the client would throw it. */
  failure: unknown = null;
  /** Answer appends without a position, as the server does for a retried append. */
  omitAppendPosition = false;
  unsubscribed = 0;
  disposed = false;

  write(streamId: string, type: string, data: unknown = {}, metadata: unknown = {}, id: string = randomUUID()) {
    const offset = BigInt(this.log.length + 1) * 100n;
    const event = {
      streamId,
      id,
      isJson: true,
      revision: BigInt(this.stream(streamId).length),
      type,
      created: new Date(1_700_000_000_000 + this.log.length),
      data,
      metadata,
      position: { commit: offset + 10n, prepare: offset },
    } as ClientRecordedEvent;
    this.log.push(event);
    return event;
  }

  stream(streamId: string): ClientRecordedEvent[] {
    return this.log.filter((event) => event.streamId === streamId);
  }

  private throwFailure(): void {
    const failure = this.failure;
    this.failure = null;
    if (failure) throw failure;
  }

  /** Throws WrongExpectedVersionError, as the client does, when the stream is not in the expected state. */
  private checkState(streamName: string, state: AppendStreamState): void {
    const current = this.stream(streamName).at(-1)?.revision ?? NO_STREAM_REVISION;
    const conflict =
      (state === 'no_stream' && current !== NO_STREAM_REVISION) ||
      (state === 'stream_exists' && current === NO_STREAM_REVISION) ||
      (typeof state === 'bigint' && state !== current);
    if (conflict) {
      throw new WrongExpectedVersionError(undefined, {
        streamName,
        expected: state,
        current: current === NO_STREAM_REVISION ? 'no_stream' : current,
      });
    }
  }

  async appendToStream(streamName: string, events: EventData[], options: { streamState?: AppendStreamState } = {}) {
    this.appendCalls.push({ streamName, streamState: options.streamState });
    this.throwFailure();
    this.checkState(streamName, options.streamState ?? 'any');
    let last: ClientRecordedEvent | undefined;
    for (const event of events) last = this.write(streamName, event.type, event.data, event.metadata, event.id);
    return {
      success: true,
      nextExpectedRevision: last!.revision,
      position: this.omitAppendPosition ? undefined : last!.position,
    };
  }

  /**
   * All or nothing, like the server. It answers with a bare bigint position, here deliberately
   * not one the log holds, so that a test sees whether the adapter reads the real one back.
   */
  async multiStreamAppend(requests: AppendStreamRequest[]) {
    this.multiAppendCalls.push(requests);
    this.throwFailure();
    for (const { streamName, expectedState } of requests) this.checkState(streamName, expectedState);
    // Like the real client, which keeps a multi-stream append's metadata as string properties only.
    for (const { events } of requests) {
      for (const { metadata } of events) {
        if (!Object.values(metadata as object).every((value) => typeof value === 'string')) {
          throw new Error('metadata must be an object of string values');
        }
      }
    }
    const responses = requests.map(({ streamName, events }) => {
      let last: ClientRecordedEvent | undefined;
      for (const event of events) last = this.write(streamName, event.type, event.data, event.metadata, event.id);
      return { streamName, revision: last!.revision };
    });
    return { position: 1n, responses };
  }

  async *readStream(streamName: string, options: ReadOptions = {}): AsyncGenerator<{ event: ClientRecordedEvent }> {
    this.readStreamCalls.push(options);
    this.throwFailure();
    const events = this.stream(streamName);
    if (events.length === 0) throw new ClientStreamNotFoundError(undefined, streamName);
    const backwards = options.direction === BACKWARDS;
    const from = options.fromRevision ?? START;
    const selected = (backwards ? [...events].reverse() : events).filter((event) => {
      if (typeof from !== 'bigint') return true;
      return backwards ? event.revision <= from : event.revision >= from;
    });
    for (const event of selected.slice(0, Number(options.maxCount ?? Number.MAX_SAFE_INTEGER))) yield { event };
  }

  async *readAll(options: ReadOptions = {}): AsyncGenerator<AllStreamResolvedEvent> {
    this.throwFailure();
    const backwards = options.direction === BACKWARDS;
    const from = options.fromPosition ?? START;
    const selected = (backwards ? [...this.log].reverse() : this.log).filter((event) => {
      if (typeof from !== 'object') return passes(options.filter, event);
      const order = comparePosition(event.position!, from);
      return (backwards ? order <= 0 : order >= 0) && passes(options.filter, event);
    });
    for (const event of selected.slice(0, Number(options.maxCount ?? Number.MAX_SAFE_INTEGER))) {
      yield { event } as AllStreamResolvedEvent;
    }
  }

  subscribeToAll(options: ReadOptions = {}) {
    const fake = this;
    let unsubscribed = false;
    return {
      async unsubscribe() {
        unsubscribed = true;
        fake.unsubscribed++;
      },
      async *[Symbol.asyncIterator](): AsyncGenerator<AllStreamResolvedEvent> {
        let next = 0;
        while (!unsubscribed) {
          fake.throwFailure();
          const event = fake.log[next];
          if (!event) {
            await new Promise((resolve) => setTimeout(resolve, 2));
            continue;
          }
          next++;
          const from = options.fromPosition;
          const reached = typeof from !== 'object' || comparePosition(event.position!, from) >= 0;
          if (reached && passes(options.filter, event)) yield { event } as AllStreamResolvedEvent;
        }
      },
    };
  }

  async dispose() {
    this.disposed = true;
  }
}

const NO_STREAM_REVISION = -1n;

function passes(filter: Filter | undefined, event: ClientRecordedEvent): boolean {
  if (!filter) return true;
  expect(filter).toMatchObject({ filterOn: 'eventType', regex: '^[^$].*' });
  return new RegExp((filter as { regex: string }).regex).test(event.type);
}

function setup() {
  const fake = new FakeKurrentDb();
  const store = new KurrentDbEventStore(fake as unknown as KurrentDbClient);
  return { fake, store };
}

/** Writes system events around user ones, the way a real server interleaves them. */
function seedMixedLog(fake: FakeKurrentDb) {
  fake.write('$stats-127.0.0.1:2113', '$statsCollected');
  const a = fake.write('orders-1', 'OrderPlaced', { n: 1 });
  fake.write('$$orders-1', '$metadata');
  fake.write('$projections-orders', 'ProjectionCheckpoint');
  const b = fake.write('orders-1', 'OrderPaid', { n: 2 });
  const c = fake.write('orders-2', 'OrderPlaced', { n: 3 });
  fake.write('$ce-orders', '$>');
  return { a, b, c };
}

const typesOf = (events: RecordedEvent[]) => events.map((event) => event.type);

describe('KurrentDbEventStore', () => {
  describe('append', () => {
    it('passes expected revisions on as the client expects them and answers with numbers', async () => {
      const { fake, store } = setup();
      const first = await store.appendToStream(
        'cart-1',
        [
          { type: 'A', data: { x: 1 } },
          { type: 'B', data: {} },
        ],
        {
          expectedRevision: 'no_stream',
        },
      );
      const second = await store.appendToStream('cart-1', [{ type: 'C', data: {} }], { expectedRevision: 1 });
      await store.appendToStream('cart-1', [{ type: 'D', data: {} }], { expectedRevision: 'stream_exists' });
      await store.appendToStream('cart-1', [{ type: 'E', data: {} }]);

      expect(fake.appendCalls.map((call) => call.streamState)).toEqual(['no_stream', 1n, 'stream_exists', 'any']);
      expect(first).toEqual({ nextExpectedRevision: 1, position: fake.log[1]!.position });
      expect(second.nextExpectedRevision).toBe(2);
      expect(typeof second.nextExpectedRevision).toBe('number');
    });

    it('writes JSON events with the given or generated ids and metadata defaulting to {}', async () => {
      const { fake, store } = setup();
      const id = randomUUID().toUpperCase();
      await store.appendToStream('cart-2', [
        { id, type: 'A', data: { x: 1 }, metadata: { actor: 'u' } },
        { type: 'B', data: null },
      ]);
      expect(fake.log.map(({ id: eventId, type, data, metadata }) => ({ eventId, type, data, metadata }))).toEqual([
        { eventId: id.toLowerCase(), type: 'A', data: { x: 1 }, metadata: { actor: 'u' } },
        { eventId: expect.stringMatching(/^[0-9a-f-]{36}$/), type: 'B', data: {}, metadata: {} },
      ]);
    });

    it('refuses bad arguments before calling the server', async () => {
      const { fake, store } = setup();
      await expect(store.appendToStream('$system', [{ type: 'A', data: {} }])).rejects.toBeInstanceOf(
        InvalidAppendError,
      );
      await expect(store.appendToStream('s', [])).rejects.toBeInstanceOf(InvalidAppendError);
      await expect(
        store.appendToStream('s', [{ type: 'A', data: {} }], { expectedRevision: -2 }),
      ).rejects.toBeInstanceOf(InvalidAppendError);
      expect(fake.appendCalls).toEqual([]);
    });

    it('turns a wrong expected version into WrongExpectedRevisionError with the actual revision as a number', async () => {
      const { store } = setup();
      await store.appendToStream('cart-3', [
        { type: 'A', data: {} },
        { type: 'B', data: {} },
      ]);

      const stale = await store
        .appendToStream('cart-3', [{ type: 'C', data: {} }], { expectedRevision: 0 })
        .catch((e) => e);
      expect(stale).toBeInstanceOf(WrongExpectedRevisionError);
      expect(stale).toMatchObject({ streamId: 'cart-3', expected: 0, actual: 1 });

      await expect(
        store.appendToStream('cart-3', [{ type: 'C', data: {} }], { expectedRevision: 'no_stream' }),
      ).rejects.toMatchObject({ name: 'WrongExpectedRevisionError', expected: 'no_stream', actual: 1 });
    });

    it('reports a missing stream as actual revision -1', async () => {
      const { store } = setup();
      for (const expectedRevision of [3, 'stream_exists'] as const) {
        const failure = await store
          .appendToStream('never', [{ type: 'A', data: {} }], { expectedRevision })
          .catch((e) => e);
        expect(failure).toBeInstanceOf(WrongExpectedRevisionError);
        expect(failure).toMatchObject({ streamId: 'never', expected: expectedRevision, actual: -1 });
      }
    });

    it('treats a resolved append failure, as with throwOnAppendFailure=false, as a wrong expected revision', async () => {
      const { fake, store } = setup();
      fake.appendToStream = async () => ({ success: false, nextExpectedRevision: 4n, position: undefined });
      await expect(
        store.appendToStream('cart-4', [{ type: 'A', data: {} }], { expectedRevision: 2 }),
      ).rejects.toMatchObject({ name: 'WrongExpectedRevisionError', expected: 2, actual: 4 });
    });

    it('looks up the position of the last event when the server answers a retry without one', async () => {
      const { fake, store } = setup();
      fake.omitAppendPosition = true;
      const result = await store.appendToStream('cart-5', [
        { type: 'A', data: {} },
        { type: 'B', data: {} },
      ]);
      expect(result).toEqual({ nextExpectedRevision: 1, position: fake.log[1]!.position });
      expect(fake.readStreamCalls.at(-1)).toMatchObject({ fromRevision: 1n, maxCount: 1 });
    });
  });

  describe('append to several streams', () => {
    it('writes every stream in order and answers with revisions and the read-back position of the last event', async () => {
      const { fake, store } = setup();
      fake.write('cart-b', 'B0');
      const result = await store.appendToStreams([
        {
          streamId: 'cart-a',
          events: [
            { type: 'A0', data: { n: 1 }, metadata: { actor: 'u' } },
            { type: 'A1', data: {} },
          ],
        },
        { streamId: 'cart-b', events: [{ type: 'B1', data: {} }] },
      ]);

      expect([...result.nextExpectedRevisions]).toEqual([
        ['cart-a', 1],
        ['cart-b', 1],
      ]);
      expect(result.position).toEqual(fake.log.at(-1)!.position);
      expect(fake.readStreamCalls.at(-1)).toMatchObject({ direction: 'forwards', fromRevision: 1n, maxCount: 1 });
      expect(fake.log.map(({ streamId, type, data, metadata }) => [streamId, type, data, metadata])).toEqual([
        ['cart-b', 'B0', {}, {}],
        ['cart-a', 'A0', { n: 1 }, { 'secretchatbox-metadata-json': '{"actor":"u"}' }],
        ['cart-a', 'A1', {}, { 'secretchatbox-metadata-json': '{}' }],
        ['cart-b', 'B1', {}, { 'secretchatbox-metadata-json': '{}' }],
      ]);
    });

    it('passes each stream its expected state as the client expects it', async () => {
      const { fake, store } = setup();
      fake.write('s-exact', 'E0');
      fake.write('s-exists', 'X0');
      await store.appendToStreams([
        { streamId: 's-new', events: [{ type: 'A', data: {} }], expectedRevision: 'no_stream' },
        { streamId: 's-exact', events: [{ type: 'A', data: {} }], expectedRevision: 0 },
        { streamId: 's-exists', events: [{ type: 'A', data: {} }], expectedRevision: 'stream_exists' },
        { streamId: 's-any', events: [{ type: 'A', data: {} }] },
      ]);
      expect(fake.multiAppendCalls[0]!.map(({ streamName, expectedState }) => [streamName, expectedState])).toEqual([
        ['s-new', 'no_stream'],
        ['s-exact', 0n],
        ['s-exists', 'stream_exists'],
        ['s-any', 'any'],
      ]);
    });

    it('turns a wrong expected state into WrongExpectedRevisionError naming the stream that failed', async () => {
      const { fake, store } = setup();
      fake.write('stale', 'S0');
      fake.write('stale', 'S1');
      const failure = await store
        .appendToStreams([
          { streamId: 'fresh', events: [{ type: 'F0', data: {} }], expectedRevision: 'no_stream' },
          { streamId: 'stale', events: [{ type: 'S2', data: {} }], expectedRevision: 0 },
        ])
        .catch((e) => e);
      expect(failure).toBeInstanceOf(WrongExpectedRevisionError);
      expect(failure).toMatchObject({ streamId: 'stale', expected: 0, actual: 1 });
      expect(fake.log).toHaveLength(2);

      await expect(
        store.appendToStreams([
          { streamId: 'fresh', events: [{ type: 'F0', data: {} }], expectedRevision: 'no_stream' },
          { streamId: 'missing', events: [{ type: 'M0', data: {} }], expectedRevision: 'stream_exists' },
        ]),
      ).rejects.toMatchObject({
        name: 'WrongExpectedRevisionError',
        streamId: 'missing',
        expected: 'stream_exists',
        actual: -1,
      });
    });

    it('refuses a stream named twice before calling the server', async () => {
      const { fake, store } = setup();
      await expect(
        store.appendToStreams([
          { streamId: 'twice', events: [{ type: 'A', data: {} }] },
          { streamId: 'twice', events: [{ type: 'B', data: {} }] },
        ]),
      ).rejects.toBeInstanceOf(InvalidAppendError);
      await expect(store.appendToStreams([])).rejects.toBeInstanceOf(InvalidAppendError);
      expect(fake.multiAppendCalls).toEqual([]);
    });

    it('carries any JSON metadata through the string-only metadata of a multi-stream append', async () => {
      const { store } = setup();
      const metadata = { actor: { kind: 'visitor', sessionId: 's1' }, count: 1, flags: [true, null] };
      await store.appendToStreams([{ streamId: 'meta', events: [{ type: 'A', data: {}, metadata }] }]);
      const [recorded] = await store.readStream('meta');
      expect(recorded!.metadata).toEqual(metadata);
    });

    it('says which KurrentDB version it needs when the server is too old for it', async () => {
      const { fake, store } = setup();
      const unsupported = new UnsupportedError('multiStreamAppend', '25.1');
      fake.failure = unsupported;
      const failure = await store
        .appendToStreams([{ streamId: 's', events: [{ type: 'A', data: {} }] }])
        .catch((e) => e);
      expect(failure).not.toBeInstanceOf(EventStoreUnavailableError);
      expect(failure.message).toBe('Appending to several streams at once needs KurrentDB 25.1 or later');
      expect(failure.cause).toBe(unsupported);
    });
  });

  describe('read a stream', () => {
    it('converts events, with bigint revisions as numbers', async () => {
      const { fake, store } = setup();
      fake.write('doc-1', 'Created', { title: 'héllo' }, { actor: 'x' });
      fake.write('doc-1', 'Renamed', { title: 'b' }, undefined);
      const events = await store.readStream('doc-1');
      expect(events).toEqual([
        {
          id: fake.log[0]!.id,
          streamId: 'doc-1',
          revision: 0,
          type: 'Created',
          data: { title: 'héllo' },
          metadata: { actor: 'x' },
          position: fake.log[0]!.position,
          recordedAt: fake.log[0]!.created,
        },
        expect.objectContaining({ revision: 1, type: 'Renamed', metadata: {} }),
      ]);
      expect(typeof events[1]!.revision).toBe('number');
    });

    it('translates direction, start revision and count', async () => {
      const { fake, store } = setup();
      for (let i = 0; i < 6; i++) fake.write('doc-2', `E${i}`);
      const revisions = async (options: Parameters<KurrentDbEventStore['readStream']>[1]) =>
        (await store.readStream('doc-2', options)).map((event) => event.revision);

      expect(await revisions({ fromRevision: 2, maxCount: 3 })).toEqual([2, 3, 4]);
      expect(await revisions({ direction: 'backwards', maxCount: 2 })).toEqual([5, 4]);
      expect(await revisions({ direction: 'backwards', fromRevision: 1 })).toEqual([1, 0]);
      expect(fake.readStreamCalls).toEqual([
        { direction: 'forwards', fromRevision: 2n, maxCount: 3 },
        { direction: 'backwards', fromRevision: END, maxCount: 2 },
        { direction: 'backwards', fromRevision: 1n, maxCount: undefined },
      ]);
    });

    it('answers an empty page past the end of an existing stream', async () => {
      const { fake, store } = setup();
      fake.write('doc-3', 'A');
      expect(await store.readStream('doc-3', { fromRevision: 50 })).toEqual([]);
    });

    it("throws the port's StreamNotFoundError for a stream with no events", async () => {
      const { store } = setup();
      const failure = await store.readStream('missing').catch((e) => e);
      expect(failure).toBeInstanceOf(StreamNotFoundError);
      expect(failure).toMatchObject({ streamId: 'missing' });
    });
  });

  describe('read all', () => {
    it('reads every non-system event from the start', async () => {
      const { fake, store } = setup();
      seedMixedLog(fake);
      const events = await store.readAll();
      expect(events.map((event) => [event.streamId, event.type])).toEqual([
        ['orders-1', 'OrderPlaced'],
        ['orders-1', 'OrderPaid'],
        ['orders-2', 'OrderPlaced'],
      ]);
    });

    it('reads strictly after the given position, up to maxCount', async () => {
      const { fake, store } = setup();
      const { a, b } = seedMixedLog(fake);
      fake.write('orders-3', 'OrderPlaced');
      expect(typesOf(await store.readAll({ after: a.position!, maxCount: 2 }))).toEqual(['OrderPaid', 'OrderPlaced']);
      const streams = (await store.readAll({ after: b.position! })).map((event) => event.streamId);
      expect(streams).toEqual(['orders-2', 'orders-3']);
      expect(await store.readAll({ maxCount: 0 })).toEqual([]);
    });

    it('fills a page even when system events sit between the events asked for', async () => {
      const { fake, store } = setup();
      const first = fake.write('a', 'A');
      for (let i = 0; i < 5; i++) fake.write(`$system-${i}`, 'NotPrefixed');
      fake.write('b', 'B');
      fake.write('c', 'C');
      expect(typesOf(await store.readAll({ after: first.position!, maxCount: 2 }))).toEqual(['B', 'C']);
    });

    it('knows the position of the last non-system event, or null', async () => {
      const { fake, store } = setup();
      fake.write('$stats-1', '$statsCollected');
      expect(await store.headPosition()).toBeNull();
      const { c } = seedMixedLog(fake);
      expect(await store.headPosition()).toEqual(c.position);
    });
  });

  describe('subscribe to all', () => {
    async function take(subscription: AsyncIterable<RecordedEvent>, count: number) {
      const received: RecordedEvent[] = [];
      for await (const event of subscription) {
        received.push(event);
        if (received.length === count) break;
      }
      return received;
    }

    it('delivers non-system events strictly after the checkpoint, then live ones', async () => {
      const { fake, store } = setup();
      const { a } = seedMixedLog(fake);
      const subscription = store.subscribeToAll({ after: a.position! });
      const received = take(subscription, 3);
      await new Promise((resolve) => setTimeout(resolve, 10));
      fake.write('$$orders-3', '$metadata');
      fake.write('orders-3', 'OrderPlaced');
      expect((await received).map((event) => [event.streamId, event.type])).toEqual([
        ['orders-1', 'OrderPaid'],
        ['orders-2', 'OrderPlaced'],
        ['orders-3', 'OrderPlaced'],
      ]);
      expect(fake.unsubscribed).toBe(1);
    });

    it('starts from the first event without a checkpoint', async () => {
      const { fake, store } = setup();
      seedMixedLog(fake);
      expect(typesOf(await take(store.subscribeToAll(), 1))).toEqual(['OrderPlaced']);
    });

    it('ends the iteration and unsubscribes once when closed', async () => {
      const { fake, store } = setup();
      const subscription = store.subscribeToAll();
      const received = take(subscription, 10);
      await new Promise((resolve) => setTimeout(resolve, 10));
      await subscription.close();
      expect(await received).toEqual([]);
      await subscription.close();
      expect(fake.unsubscribed).toBe(1);
    });

    it('fails the iteration with EventStoreUnavailableError when the connection drops', async () => {
      const { fake, store } = setup();
      fake.failure = new UnavailableError();
      await expect(take(store.subscribeToAll(), 1)).rejects.toBeInstanceOf(EventStoreUnavailableError);
      expect(fake.unsubscribed).toBe(1);
    });
  });

  describe('errors', () => {
    const grpcUnavailable = Object.assign(new Error('14 UNAVAILABLE: No connection established'), { code: 14 });
    it.each([
      ['UnavailableError', () => new UnavailableError()],
      ['DeadlineExceededError', () => new DeadlineExceededError()],
      ['CancelledError', () => new CancelledError()],
      ['a raw gRPC UNAVAILABLE status', () => grpcUnavailable],
    ])('maps %s to EventStoreUnavailableError, keeping the cause', async (_name, makeError) => {
      const { fake, store } = setup();
      for (const call of [
        () => store.appendToStream('s', [{ type: 'A', data: {} }]),
        () => store.appendToStreams([{ streamId: 's', events: [{ type: 'A', data: {} }] }]),
        () => store.readStream('s'),
        () => store.readAll(),
        () => store.headPosition(),
        () => store.ping(),
      ]) {
        const error = makeError();
        fake.failure = error;
        const failure = await call().catch((e) => e);
        expect(failure).toBeInstanceOf(EventStoreUnavailableError);
        expect(failure.cause).toBe(error);
      }
    });

    it('lets other client errors through unchanged', async () => {
      const { fake, store } = setup();
      const denied = new AccessDeniedError();
      fake.failure = denied;
      await expect(store.readAll()).rejects.toBe(denied);
    });
  });

  it('closes open subscriptions and disposes of the client on close', async () => {
    const { fake, store } = setup();
    store.subscribeToAll();
    store.subscribeToAll();
    await store.close();
    expect(fake.unsubscribed).toBe(2);
    expect(fake.disposed).toBe(true);
  });

  it('resolves ping when the server answers', async () => {
    const { store } = setup();
    await expect(store.ping()).resolves.toBeUndefined();
  });

  it('rejects ping with EventStoreUnavailableError when nothing listens', async () => {
    const store = KurrentDbEventStore.connect('kurrentdb://127.0.0.1:1?tls=false');
    try {
      await expect(store.ping()).rejects.toBeInstanceOf(EventStoreUnavailableError);
    } finally {
      await store.close();
    }
  }, 10000);
});
