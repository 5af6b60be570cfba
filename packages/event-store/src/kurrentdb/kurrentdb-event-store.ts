import {
  type AllStreamSubscription,
  type AppendStreamState,
  BACKWARDS,
  type RecordedEvent as ClientRecordedEvent,
  END,
  ErrorType,
  excludeSystemEvents,
  FORWARDS,
  jsonEvent,
  type JSONType,
  KurrentDBClient,
  type MultiAppendResult,
  NO_STREAM,
  type ReadAllOptions as ClientReadAllOptions,
  START,
  type UnsupportedError,
  type WrongExpectedVersionError,
} from '@kurrent/kurrentdb-client';
import { type PreparedEvent, prepareAppend, prepareAppends } from '../append-validation.js';
import { EventStoreUnavailableError, StreamNotFoundError, WrongExpectedRevisionError } from '../errors.js';
import type {
  AppendResult,
  EventStore,
  EventToAppend,
  ExpectedRevision,
  MultiStreamAppendResult,
  Position,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  StreamAppend,
  Subscription,
} from '../event-store.js';
import { isAfter } from '../position.js';

/** The event store on EventStoreDB/KurrentDB, over its gRPC client. */
export class KurrentDbEventStore implements EventStore {
  private readonly subscriptions = new Set<KurrentDbSubscription>();

  private constructor(private readonly client: KurrentDBClient) {}

  /** The client connects lazily: the first call, or ping(), finds out whether the server is there. */
  static connect(connectionString: string): KurrentDbEventStore {
    return new KurrentDbEventStore(KurrentDBClient.connectionString(connectionString));
  }

  async appendToStream(
    streamId: string,
    events: readonly EventToAppend[],
    options: Readonly<{ expectedRevision?: ExpectedRevision }> = {},
  ): Promise<AppendResult> {
    const expected = options.expectedRevision ?? 'any';
    const prepared = prepareAppend(streamId, events, expected);
    const result = await this.guard(
      () => this.client.appendToStream(streamId, prepared.map(toEventData), { streamState: toStreamState(expected) }),
      streamId,
      expected,
    );
    // With throwOnAppendFailure=false in the connection string the client resolves instead of
    // throwing, and (1.3, batch appends) reports the actual revision wrongly: it is read instead.
    if (!result.success) throw new WrongExpectedRevisionError(streamId, expected, await this.lastRevision(streamId));
    return {
      nextExpectedRevision: Number(result.nextExpectedRevision),
      // An append found to be a retry of one already written comes back without a position.
      position: result.position ?? (await this.positionOf(streamId, result.nextExpectedRevision)),
    };
  }

  /** Needs KurrentDB 25.1 or later. */
  async appendToStreams(appends: readonly StreamAppend[]): Promise<MultiStreamAppendResult> {
    const prepared = prepareAppends(appends);
    let result: MultiAppendResult;
    try {
      result = await this.client.multiStreamAppend(
        prepared.map(({ streamId, expected, events }) => ({
          streamName: streamId,
          events: events.map((event) => toEventData({ ...event, metadata: wrapMetadata(event.metadata) })),
          expectedState: toStreamState(expected),
        })),
      );
    } catch (error) {
      // The client asks the server for its capabilities and refuses what it lacks. The server did
      // answer, so this is no EventStoreUnavailableError: retrying will not help, upgrading will.
      if ((error as { type?: unknown }).type === ErrorType.UNSUPPORTED) {
        const { minimumVersion } = error as UnsupportedError;
        throw new Error(`Appending to several streams at once needs KurrentDB ${minimumVersion} or later`, {
          cause: error,
        });
      }
      // The failed consistency check names its stream; the port reports it with that stream's expectation.
      const streamName = (error as Partial<WrongExpectedVersionError>).streamName;
      const failed = prepared.find((append) => append.streamId === streamName);
      throw translateError(error, failed?.streamId, failed?.expected);
    }
    const revisions = new Map(result.responses.map(({ streamName, revision }) => [streamName, revision]));
    const nextExpectedRevisions = new Map<string, number>();
    for (const { streamId } of prepared) {
      const revision = revisions.get(streamId);
      if (revision === undefined) throw new Error(`KurrentDB did not report the revision of stream ${streamId}`);
      nextExpectedRevisions.set(streamId, Number(revision));
    }
    // The answer's single bigint position is not the { commit, prepare } pair readers compare, so
    // read the last event back: the last stream's, at the revision just written, which a later
    // append to that stream cannot move.
    const last = prepared.at(-1)!.streamId;
    return { position: await this.positionOf(last, revisions.get(last)!), nextExpectedRevisions };
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const backwards = options.direction === 'backwards';
    return this.guard(async () => {
      const events: RecordedEvent[] = [];
      for await (const { event } of this.client.readStream(streamId, {
        direction: backwards ? BACKWARDS : FORWARDS,
        fromRevision: options.fromRevision === undefined ? (backwards ? END : START) : BigInt(options.fromRevision),
        maxCount: options.maxCount,
      })) {
        if (event) events.push(toRecordedEvent(event));
      }
      return events;
    }, streamId);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const after = options.after ?? null;
    const maxCount = options.maxCount ?? 1000;
    const events: RecordedEvent[] = [];
    if (maxCount <= 0) return events;
    // The server reads from a position inclusively; the port reads after it.
    for await (const event of this.allEvents({ direction: FORWARDS, fromPosition: after ?? START })) {
      if (!isAfter(event.position, after)) continue;
      events.push(event);
      if (events.length === maxCount) break;
    }
    return events;
  }

  subscribeToAll(options: Readonly<{ after?: Position | null }> = {}): Subscription {
    const after = options.after ?? null;
    const source = this.client.subscribeToAll({ fromPosition: after ?? START, filter: excludeSystemEvents() });
    const subscription = new KurrentDbSubscription(source, after, (closed) => this.subscriptions.delete(closed));
    this.subscriptions.add(subscription);
    return subscription;
  }

  async headPosition(): Promise<Position | null> {
    for await (const event of this.allEvents({ direction: BACKWARDS, fromPosition: END })) return event.position;
    return null;
  }

  /** $all has no cheap count on EventStoreDB/KurrentDB. */
  async countEvents(): Promise<null> {
    return null;
  }

  async ping(): Promise<void> {
    await this.guard(async () => {
      for await (const _ of this.client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1 })) break;
    });
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.close()));
    await this.client.dispose();
  }

  /**
   * Non-system events of $all, read lazily with no count: callers stop when they have enough,
   * so events skipped here never leave a page short.
   */
  private async *allEvents(options: ClientReadAllOptions): AsyncGenerator<RecordedEvent> {
    try {
      for await (const { event } of this.client.readAll({ ...options, filter: excludeSystemEvents() })) {
        if (event && !isSystemEvent(event)) yield toRecordedEvent(event);
      }
    } catch (error) {
      throw translateError(error);
    }
  }

  /** The stream's last revision, or -1 when it has no events. */
  private async lastRevision(streamId: string): Promise<number> {
    try {
      const [last] = await this.readStream(streamId, { direction: 'backwards', maxCount: 1 });
      return last?.revision ?? -1;
    } catch (error) {
      if (error instanceof StreamNotFoundError) return -1;
      throw error;
    }
  }

  private async positionOf(streamId: string, revision: bigint): Promise<Position> {
    const [event] = await this.readStream(streamId, { fromRevision: Number(revision), maxCount: 1 });
    if (!event) throw new Error(`Stream ${streamId} has no event at revision ${revision}`);
    return event.position;
  }

  private async guard<T>(work: () => Promise<T>, streamId?: string, expected?: ExpectedRevision): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw translateError(error, streamId, expected);
    }
  }
}

class KurrentDbSubscription implements Subscription {
  private closed = false;

  constructor(
    private readonly source: AllStreamSubscription,
    private readonly after: Position | null,
    private readonly onClose: (subscription: KurrentDbSubscription) => void,
  ) {}

  async *[Symbol.asyncIterator](): AsyncIterator<RecordedEvent> {
    try {
      for await (const { event } of this.source) {
        if (!event || isSystemEvent(event)) continue;
        const recorded = toRecordedEvent(event);
        if (isAfter(recorded.position, this.after)) yield recorded;
      }
    } catch (error) {
      // Closing cancels the call, which can surface here as an error; it is the expected end.
      if (!this.closed) throw translateError(error);
    } finally {
      await this.close();
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.onClose(this);
    await this.source.unsubscribe();
  }
}

function toEventData({ id, type, data, metadata }: PreparedEvent) {
  return jsonEvent({ id, type, data: data as JSONType, metadata });
}

function toStreamState(expected: ExpectedRevision): AppendStreamState {
  return typeof expected === 'number' ? BigInt(expected) : expected;
}

/**
 * A multi-stream append keeps metadata only as string-valued properties, so the port's JSON
 * metadata travels as one string property there, and is unwrapped when read back.
 */
const wrappedMetadataKey = 'secretchatbox-metadata-json';

function wrapMetadata(metadata: unknown): Record<string, string> {
  return { [wrappedMetadataKey]: JSON.stringify(metadata) };
}

function unwrapMetadata(metadata: unknown): unknown {
  const wrapped = (metadata as Record<string, unknown> | undefined)?.[wrappedMetadataKey];
  return typeof wrapped === 'string' && Object.keys(metadata as object).length === 1 ? JSON.parse(wrapped) : metadata;
}

/** Events the store writes for itself; the server-side filter only sees their types. */
function isSystemEvent(event: ClientRecordedEvent): boolean {
  return event.type.startsWith('$') || event.streamId.startsWith('$');
}

function toRecordedEvent(event: ClientRecordedEvent): RecordedEvent {
  // Stream reads carry the $all position from EventStoreDB 22.6 on; older servers cannot back the port.
  if (!event.position)
    throw new Error(`Event ${event.id} came without a position: KurrentDB 22.6 or later is required`);
  return {
    id: event.id,
    streamId: event.streamId,
    revision: Number(event.revision),
    type: event.type,
    data: event.data,
    // Other writers may leave metadata out; an append through the port without metadata reads back as {}.
    metadata: unwrapMetadata(event.metadata) ?? {},
    position: { commit: event.position.commit, prepare: event.position.prepare },
    recordedAt: event.created,
  };
}

// gRPC status codes of failures to reach the server. The client converts most of them to its
// own errors, but not those raised while it first asks the server for its capabilities.
const grpcUnreachableCodes = new Set<unknown>([1 /* CANCELLED */, 4 /* DEADLINE_EXCEEDED */, 14 /* UNAVAILABLE */]);
const unreachableTypes = new Set<unknown>([ErrorType.UNAVAILABLE, ErrorType.DEADLINE_EXCEEDED, ErrorType.CANCELLED]);

function translateError(error: unknown, streamId?: string, expected?: ExpectedRevision): unknown {
  const { type, code } = (error ?? {}) as { type?: unknown; code?: unknown };
  if (type === ErrorType.WRONG_EXPECTED_VERSION && streamId !== undefined && expected !== undefined) {
    const actual = (error as WrongExpectedVersionError).actualState;
    return new WrongExpectedRevisionError(streamId, expected, actual === NO_STREAM ? -1 : Number(actual));
  }
  if (type === ErrorType.STREAM_NOT_FOUND && streamId !== undefined) return new StreamNotFoundError(streamId);
  if (unreachableTypes.has(type) || (type === undefined && grpcUnreachableCodes.has(code))) {
    return new EventStoreUnavailableError(`Event store unreachable: ${(error as Error).message}`, { cause: error });
  }
  return error;
}
