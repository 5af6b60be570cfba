import { randomUUID } from 'node:crypto';

/** What a stream must look like for an append to go ahead, in the protocol's terms. */
export type ExpectedState = 'any' | 'no_stream' | 'stream_exists' | bigint;

export type LogPosition = Readonly<{ commit: bigint; prepare: bigint }>;

export type ProposedEvent = Readonly<{
  id: string;
  type: string;
  contentType: string;
  data: Uint8Array;
  metadata: Uint8Array;
}>;

export type StoredEvent = ProposedEvent &
  Readonly<{ streamId: string; revision: bigint; position: LogPosition; created: Date }>;

export type StreamAppendRequest = Readonly<{ streamId: string; expected: ExpectedState; events: ProposedEvent[] }>;

/** A stream's part of a successful append; no position when every event was already there. */
export type StreamAppendOutcome = Readonly<{ streamId: string; revision: bigint; position: LogPosition | null }>;

export type AppendOutcome =
  | { kind: 'written'; streams: StreamAppendOutcome[] }
  | { kind: 'conflict'; streamId: string; expected: ExpectedState; actual: bigint | 'no_stream' };

export type StreamReadStart = 'start' | 'end' | bigint;
export type AllReadStart = 'start' | 'end' | LogPosition;

/**
 * The events of a test server, in memory: one log in append order, the streams as views of it.
 * Each append is one transaction: its events share the commit position of the first one, and each
 * has its own prepare position, so positions order by commit, then prepare.
 */
export class InMemoryLog {
  private readonly events: StoredEvent[] = [];
  private readonly streams = new Map<string, StoredEvent[]>();
  private readonly listeners = new Set<() => void>();
  private nextPrepare = 100n;

  /** All or nothing: every stream must be in its expected state. */
  append(requests: readonly StreamAppendRequest[]): AppendOutcome {
    const plans = [];
    for (const request of requests) {
      const plan = this.plan(request);
      if (plan.kind === 'conflict') return plan;
      plans.push(plan);
    }
    const commit = this.nextPrepare;
    const outcomes = plans.map(({ streamId, toWrite, revision }) => {
      if (toWrite.length === 0) return { streamId, revision, position: null };
      let last: StoredEvent | undefined;
      for (const event of toWrite) last = this.store(streamId, event, commit);
      return { streamId, revision: last!.revision, position: last!.position };
    });
    for (const listener of this.listeners) listener();
    return { kind: 'written', streams: outcomes };
  }

  /** Writes an event as the server does for itself (statistics, metadata), bypassing every check. */
  appendSystemEvent(streamId: string, type: string): StoredEvent {
    const data = new TextEncoder().encode('{}');
    const event = { id: randomUUID(), type, contentType: 'application/json', data, metadata: new Uint8Array() };
    const stored = this.store(streamId, event, this.nextPrepare);
    for (const listener of this.listeners) listener();
    return stored;
  }

  /** The stream's events in the direction asked for, from `start` inclusive; null when it has none. */
  readStream(streamId: string, backwards: boolean, start: StreamReadStart): StoredEvent[] | null {
    const stream = this.streams.get(streamId);
    if (!stream) return null;
    if (start === 'start' || start === 'end') return backwards ? [...stream].reverse() : [...stream];
    return backwards
      ? stream.filter((event) => event.revision <= start).reverse()
      : stream.filter((event) => event.revision >= start);
  }

  /** The log in the direction asked for, from `start` inclusive. */
  readAll(backwards: boolean, start: AllReadStart): StoredEvent[] {
    if (start === 'start' || start === 'end') return backwards ? [...this.events].reverse() : [...this.events];
    return backwards
      ? this.events.filter((event) => compare(event.position, start) <= 0).reverse()
      : this.events.filter((event) => compare(event.position, start) >= 0);
  }

  /** Events after the given index of the log, for a subscription that has delivered that many. */
  eventsFrom(index: number): StoredEvent[] {
    return this.events.slice(index);
  }

  /** The number of events in the log that come at or before `position`. */
  countUpTo(position: LogPosition): number {
    return this.events.filter((event) => compare(event.position, position) <= 0).length;
  }

  get length(): number {
    return this.events.length;
  }

  onAppend(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private plan({ streamId, expected, events }: StreamAppendRequest) {
    const stream = this.streams.get(streamId) ?? [];
    const current = BigInt(stream.length) - 1n;
    const actual = stream.length === 0 ? ('no_stream' as const) : current;
    const conflict = { kind: 'conflict' as const, streamId, expected, actual };
    // A retry of an append already written (the same event ids, in order, where they would go)
    // writes nothing and succeeds again.
    const retriedAt = expectedRevisionOf(expected) ?? indexOfId(stream, events[0]?.id) - 1n;
    if (
      retriedAt >= -1n &&
      sameIds(stream.slice(Number(retriedAt + 1n), Number(retriedAt + 1n) + events.length), events)
    ) {
      return { kind: 'plan' as const, streamId, toWrite: [], revision: retriedAt + BigInt(events.length) };
    }
    if (expected === 'no_stream' && stream.length > 0) return conflict;
    if (expected === 'stream_exists' && stream.length === 0) return conflict;
    if (typeof expected === 'bigint' && expected !== current) return conflict;
    return { kind: 'plan' as const, streamId, toWrite: events, revision: current };
  }

  private store(streamId: string, event: ProposedEvent, commit: bigint): StoredEvent {
    const stream = this.streams.get(streamId) ?? [];
    const stored: StoredEvent = {
      ...event,
      streamId,
      revision: BigInt(stream.length),
      position: { commit, prepare: this.nextPrepare },
      created: new Date(),
    };
    // Positions on a real server are byte offsets in its log; these grow with the event's size too.
    this.nextPrepare += BigInt(100 + event.data.length + event.metadata.length);
    stream.push(stored);
    this.streams.set(streamId, stream);
    this.events.push(stored);
    return stored;
  }
}

function compare(a: LogPosition, b: LogPosition): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  return a.prepare === b.prepare ? 0 : a.prepare < b.prepare ? -1 : 1;
}

function expectedRevisionOf(expected: ExpectedState): bigint | null {
  if (expected === 'no_stream') return -1n;
  return typeof expected === 'bigint' ? expected : null;
}

function indexOfId(stream: readonly StoredEvent[], id: string | undefined): bigint {
  return BigInt(stream.findIndex((event) => event.id === id));
}

function sameIds(stored: readonly StoredEvent[], proposed: readonly ProposedEvent[]): boolean {
  return stored.length === proposed.length && stored.every((event, i) => event.id === proposed[i]!.id);
}
