import { performance } from 'node:perf_hooks';
import {
  canRecall,
  type ConditionalAppendResult,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  type Position,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecallingEventStore,
  type StreamAppend,
  type StreamToRecall,
  type UnchangedStream,
} from '@secretchatbox/event-store';

/**
 * `store` with the time of every append handed to `observe` (in seconds). A store that recalls
 * streams (PostgreSQL) stays one: the command runner asks `canRecall` and then appends through
 * `appendIfUnchanged`, so a decorator that hid those would turn every write into a read first.
 */
export function timedAppends(store: EventStore, observe: (seconds: number) => void): EventStore {
  return canRecall(store) ? new TimedRecallingStore(store, observe) : new TimedStore(store, observe);
}

class TimedStore<Store extends EventStore> implements EventStore {
  constructor(
    protected readonly store: Store,
    private readonly observe: (seconds: number) => void,
  ) {}

  appendToStream(
    streamId: string,
    events: readonly EventToAppend[],
    options?: Readonly<{ expectedRevision?: ExpectedRevision }>,
  ) {
    return this.timed(() => this.store.appendToStream(streamId, events, options));
  }

  appendToStreams(appends: readonly StreamAppend[]) {
    return this.timed(() => this.store.appendToStreams(appends));
  }

  readStream(streamId: string, options?: ReadStreamOptions) {
    return this.store.readStream(streamId, options);
  }

  readAll(options?: ReadAllOptions) {
    return this.store.readAll(options);
  }

  subscribeToAll(options?: Readonly<{ after?: Position | null }>) {
    return this.store.subscribeToAll(options);
  }

  headPosition() {
    return this.store.headPosition();
  }

  countEvents() {
    return this.store.countEvents();
  }

  ping() {
    return this.store.ping();
  }

  close() {
    return this.store.close();
  }

  protected async timed<T>(append: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await append();
    } finally {
      this.observe((performance.now() - started) / 1000);
    }
  }
}

class TimedRecallingStore extends TimedStore<RecallingEventStore> implements RecallingEventStore {
  recall(streams: readonly StreamToRecall[]) {
    return this.store.recall(streams);
  }

  appendIfUnchanged(
    appends: readonly StreamAppend[],
    unchanged: readonly UnchangedStream[],
  ): Promise<ConditionalAppendResult> {
    return this.timed(() => this.store.appendIfUnchanged(appends, unchanged));
  }
}
