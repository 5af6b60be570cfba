/**
 * A place in the log of all events. Ordered by `commit`, then `prepare`: KurrentDB's own
 * positions, and on PostgreSQL the committing transaction's id and the event's sequence number.
 */
export type Position = Readonly<{ commit: bigint; prepare: bigint }>;

/** What the stream must look like for an append to go ahead. Revisions count from 0. */
export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | number;

export type EventToAppend = Readonly<{
  /** A UUID; appending an event whose id is already in the stream is a no-op. Generated when absent. */
  id?: string;
  type: string;
  data: unknown;
  metadata?: unknown;
}>;

export type RecordedEvent = Readonly<{
  id: string;
  streamId: string;
  revision: number;
  type: string;
  data: unknown;
  metadata: unknown;
  position: Position;
  recordedAt: Date;
}>;

/**
 * An event as this process last knew it, having read or appended it: all but the time it was
 * recorded, which an appender learns only by reading the event back.
 */
export type RecalledEvent = Omit<RecordedEvent, 'recordedAt'>;

export type AppendResult = Readonly<{
  /** The revision of the stream's last event after the append. */
  nextExpectedRevision: number;
  /** The position of the last appended event. */
  position: Position;
}>;

/** One stream's part of an atomic append to several streams. */
export type StreamAppend = Readonly<{
  streamId: string;
  events: readonly EventToAppend[];
  expectedRevision?: ExpectedRevision;
}>;

export type MultiStreamAppendResult = Readonly<{
  /** The position of the last appended event. */
  position: Position;
  /** Each stream's last revision after the append. */
  nextExpectedRevisions: ReadonlyMap<string, number>;
}>;

/** A stream to recall: whole, or with `lastEventOnly` its last event alone. */
export type StreamToRecall = Readonly<{ streamId: string; lastEventOnly?: boolean }>;

/** A stream that a decision read and does not append to, and its last revision then (-1: no events). */
export type UnchangedStream = Readonly<{ streamId: string; revision: number }>;

export type ConditionalAppendResult = MultiStreamAppendResult &
  Readonly<{
    /** True when an earlier append with the same event ids had stored them all: this one stored nothing. */
    repeated: boolean;
  }>;

export type ReadStreamOptions = Readonly<{
  direction?: 'forwards' | 'backwards';
  /** Inclusive; defaults to the start (forwards) or the end (backwards). */
  fromRevision?: number;
  maxCount?: number;
}>;

export type ReadAllOptions = Readonly<{
  /** Exclusive: events strictly after this position. Absent: from the first event. */
  after?: Position | null;
  maxCount?: number;
  /**
   * Where committed events wait behind an append still under way (a store whose log has such a
   * horizon: docs/decisions/003-read-all-by-transaction-horizon.md), waits until they can be read,
   * so that a page shorter than `maxCount` is the end of the log as of the read. For a reader that
   * must see every event and takes a short page for the end (a rebuild, the audit chain's
   * verification); a live reader polls instead.
   */
  waitForOpenAppends?: boolean;
}>;

/** A live feed of every event after a position, in log order; iterate it, close it when done. */
export interface Subscription extends AsyncIterable<RecordedEvent> {
  close(): Promise<void>;
}

export interface EventStore {
  appendToStream(
    streamId: string,
    events: readonly EventToAppend[],
    options?: Readonly<{ expectedRevision?: ExpectedRevision }>,
  ): Promise<AppendResult>;
  /**
   * Appends to several streams at once: every stream's expected revision holds and all events
   * are stored, or nothing is (WrongExpectedRevisionError names the stream that failed). A
   * stream may appear once. In log order the events follow the order of `appends`.
   */
  appendToStreams(appends: readonly StreamAppend[]): Promise<MultiStreamAppendResult>;
  /** Throws StreamNotFoundError when the stream has no events. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** Events in log order; never one that a still-open transaction could precede. */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  subscribeToAll(options?: Readonly<{ after?: Position | null }>): Subscription;
  /** The position of the last event readable now, or null for an empty store. */
  headPosition(): Promise<Position | null>;
  /** How many events the store holds, where the store can count them cheaply; else null. */
  countEvents(): Promise<number | null>;
  /** Resolves when the store answers; throws EventStoreUnavailableError otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * What the PostgreSQL store offers beyond the port: it remembers the streams this process read or
 * appended lately, so that a command can decide without reading them first, and let its append
 * confirm that they have not changed since.
 */
export interface RecallingEventStore extends EventStore {
  /**
   * Each stream's events as this process last knew them (the last event alone, where asked), or
   * null for one it does not know so far. They may be out of date: another process may have
   * appended since.
   */
  recall(streams: readonly StreamToRecall[]): (RecalledEvent[] | null)[];
  /**
   * As `appendToStreams`, and only if each of `unchanged` still ends at its revision; otherwise a
   * WrongExpectedRevisionError names it. A stream may appear once in both lists together.
   */
  appendIfUnchanged(
    appends: readonly StreamAppend[],
    unchanged: readonly UnchangedStream[],
  ): Promise<ConditionalAppendResult>;
}
