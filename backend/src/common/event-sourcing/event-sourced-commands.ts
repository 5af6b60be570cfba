import { Inject, Injectable } from '@nestjs/common';
import {
  type Actor,
  type DomainEvent,
  type EventMetadata,
  messages,
  type NewEvent,
  schemaVersionOf,
  streamOf,
  upcastEvent,
} from '@secretchatbox/contracts';
import {
  canRecall,
  comparePositions,
  type EventStore,
  type Position,
  type RecalledEvent,
  type RecallingEventStore,
  StreamNotFoundError,
  type StreamAppend,
  WrongExpectedRevisionError,
} from '@secretchatbox/event-store';
import { ProjectionProgress, ProjectionTimeoutError } from '@secretchatbox/projections';
import type { AppConfig } from '../../config/app-config.js';
import type { Clock } from '../../infrastructure/clock.js';
import { APP_CONFIG, CLOCK, EVENT_STORE } from '../../infrastructure/tokens.js';
import { conflict } from '../errors.js';
import { CommandIds } from './command-ids.js';
import type { CommandOrigin } from './command-origin.js';
import type { Decider, StreamRead } from './decider.js';
import { KeyedMutex } from './keyed-mutex.js';

export type CommandContext = Readonly<{ actor: Actor; collegeCode?: string }>;

export type RunOptions<State> = Readonly<{
  /** Who acts, and the college concerned; it may depend on what was read (the item's college). */
  context: CommandContext | ((state: State) => CommandContext);
  /**
   * The request that asks for the command (`@Origin()`), or `CommandOrigin.fresh()` for one no
   * request asks for: its id is every event's `correlationId`, and with an Idempotency-Key scope a
   * retry appends nothing and gets the same answer.
   */
  origin: CommandOrigin;
  /**
   * Called once the events are stored, before the wait for the read models: for pushes that read
   * nothing back (a random pair's message), which need not wait for them.
   */
  onStored?: (state: State) => void;
  /**
   * Asked once the events are stored, with the state after them and where they sit: false when
   * the caller answers without the read models (a like, counted where it was stored). The answer
   * names the write's position all the same, and a read that names it waits for the read models.
   */
  waitForReadModels?: (state: State, position: Position) => boolean;
}>;

/** The command's answer, from the state after its decision; without it, the answer is that state. */
export type Answering<State, Answer> = Readonly<{ answer: (state: State) => Answer }>;

/**
 * What a command wrote: its answer, and whether the read models showed the write within the wait
 * (`visible`), so that a read made next sees it, or the caller chose not to wait for them
 * (`waitForReadModels`). A write not yet visible is stored all the same.
 * A decision that changed nothing wrote nothing: it has no position, and nothing to wait for.
 */
export type Written<Answer> = Readonly<
  { answer: Answer } & ({ visible: true; position: Position | null } | { visible: false; position: Position })
>;

type CommandOutcome<State> = Readonly<{
  /** The state after the decision's events. */
  state: State;
  events: readonly NewEvent[];
  /** Where the events sit in the log; null when the decision changed nothing. */
  position: Position | null;
}>;

/** The streams a decision is made on: read now, or as this process last knew them (`recalled`). */
type Loaded = Readonly<{
  events: DomainEvent[];
  recorded: RecalledEvent[];
  revisions: Map<string, number>;
  recalled: boolean;
}>;

/** What an attempt ends with when the store showed that it decided on out-of-date streams. */
const decideAgain = Symbol('decide again');
/**
 * What it ends with when its append found its events stored already, by an earlier attempt of the
 * same request: a stream read by its last event alone may hold them further back.
 */
const storedBefore = Symbol('stored before');

// Racing writers in other processes are retried; a loser re-reads and decides again.
const maxAttempts = 20;

const lastEvent = { direction: 'backwards', maxCount: 1 } as const;

/**
 * Runs a decider: loads the streams it reads, decides, appends each new event to its stream at
 * the revision read (all at once, or none), and answers once the projections fed by those events
 * have applied them, so that the caller reads its own write; past the wait, it answers all the
 * same, saying the write is not yet visible. Within this process, commands that
 * append to the same stream queue instead of racing; the queue is left before the wait.
 *
 * Where the store remembers the streams this process read and appended (PostgreSQL), the first
 * attempt decides on those without reading them (those it does not know taken as empty), and its
 * append confirms that none has changed since, the streams only read included. Whatever that
 * attempt could not settle for sure is decided again on the streams read afresh: a changed
 * stream, a refusal or a decision to do nothing (both may come of a stale state), a retry whose
 * earlier events it holds, and an append that found its events already stored. A stream the
 * decider reads by its last event alone (`appendsAfterLast`) is read and recalled so, but after an
 * append that found its events stored, whole: the earlier events may lie before its last.
 */
@Injectable()
export class EventSourcedCommands {
  private readonly inProcess = new KeyedMutex();
  /** The store, where it remembers streams (RecallingEventStore); null where every decision reads. */
  private readonly recalling: RecallingEventStore | null;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly progress: ProjectionProgress,
    private readonly ids: CommandIds,
  ) {
    this.recalling = canRecall(store) ? store : null;
  }

  run<C, S, A>(decider: Decider<C, S>, command: C, options: RunOptions<S> & Answering<S, A>): Promise<Written<A>>;
  run<C, S>(decider: Decider<C, S>, command: C, options: RunOptions<S>): Promise<Written<S>>;
  async run<C, S, A>(
    decider: Decider<C, S>,
    command: C,
    options: RunOptions<S> & Partial<Answering<S, A>>,
  ): Promise<Written<S | A>> {
    const reads = decider.streams(command);
    const appendable = reads.filter((read) => read.appends).map((read) => read.streamId);
    const correlation = this.ids.correlationId(options.origin);
    const outcome = await this.inProcess.run(appendable, async () => {
      let whole = false;
      for (let attempt = 1; ; attempt++) {
        const loaded = (attempt === 1 ? this.recall(reads) : null) ?? (await this.load(reads, { whole }));
        const decided = await this.decideAndAppend(decider, command, options, correlation, reads, loaded);
        if (decided === storedBefore) whole = true;
        else if (decided !== decideAgain) return decided;
        if (attempt >= maxAttempts) throw conflict(messages.concurrentChange);
      }
    });
    const { state, events, position } = outcome;
    const answer = options.answer ? options.answer(state) : state;
    if (!position) return { answer, visible: true, position };
    options.origin.wrote(position);
    options.onStored?.(state);
    if (options.waitForReadModels?.(state, position) === false) return { answer, visible: true, position };
    const visible = await this.readYourWrites(position, events);
    return { answer, visible, position };
  }

  private async decideAndAppend<C, S>(
    decider: Decider<C, S>,
    command: C,
    options: RunOptions<S>,
    correlation: Readonly<{ id: string; repeatable: boolean }>,
    reads: readonly StreamRead[],
    loaded: Loaded,
  ): Promise<CommandOutcome<S> | typeof decideAgain | typeof storedBefore> {
    const state = loaded.events.reduce(decider.evolve, decider.initialState());
    if (correlation.repeatable) {
      const earlier = repeatOf(loaded, correlation.id);
      // Recalled streams may show only part of what a first attempt stored (the rest in streams
      // taken as empty): the answer comes from all of them, read afresh. A retry whose earlier
      // events are all out of sight finds them stored when it appends.
      if (earlier) return loaded.recalled ? decideAgain : { ...earlier, state };
    }
    let events: NewEvent[];
    try {
      events = decider.decide(command, state);
    } catch (error) {
      if (loaded.recalled) return decideAgain;
      throw error;
    }
    if (events.length === 0) return loaded.recalled ? decideAgain : { state, events, position: null };
    const context = typeof options.context === 'function' ? options.context(state) : options.context;
    const metadata = this.metadata(context, correlation.id);
    const eventId = (index: number) => (correlation.repeatable ? this.ids.eventId(correlation.id, index) : undefined);
    try {
      const appended = await this.append(events, reads, loaded, metadata, eventId);
      if (appended.repeated) return storedBefore;
      return { state: events.reduce(decider.evolve, state), events, position: appended.position };
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError) return decideAgain;
      throw error;
    }
  }

  private async append(
    events: readonly NewEvent[],
    reads: readonly StreamRead[],
    loaded: Loaded,
    metadata: (type: NewEvent['type']) => EventMetadata,
    eventId: (index: number) => string | undefined,
  ): Promise<Readonly<{ position: Position; repeated: boolean }>> {
    const byStream = new Map<string, { id?: string; type: string; data: unknown; metadata: EventMetadata }[]>();
    events.forEach((event, index) => {
      const streamId = streamOf(event);
      if (!reads.some((read) => read.appends && read.streamId === streamId)) {
        throw new Error(`A decision appended ${event.type} to ${streamId}, which its command does not append to`);
      }
      const id = eventId(index);
      const { type, data } = event;
      const stored = id ? { id, type, data, metadata: metadata(type) } : { type, data, metadata: metadata(type) };
      const streamEvents = byStream.get(streamId);
      if (streamEvents) streamEvents.push(stored);
      else byStream.set(streamId, [stored]);
    });
    const revision = (streamId: string) => loaded.revisions.get(streamId) ?? -1;
    const appends: StreamAppend[] = [...byStream].map(([streamId, streamEvents]) => {
      const read = revision(streamId);
      return { streamId, events: streamEvents, expectedRevision: read < 0 ? ('no_stream' as const) : read };
    });
    if (this.recalling) {
      // Every stream the decision rests on must be as read, those it only read included.
      const unchanged = reads
        .filter((read) => !byStream.has(read.streamId))
        .map(({ streamId }) => ({ streamId, revision: revision(streamId) }));
      return this.recalling.appendIfUnchanged(appends, unchanged);
    }
    // One stream takes the plain append, which every KurrentDB version has.
    const [single] = appends;
    const result =
      appends.length === 1 && single
        ? await this.store.appendToStream(single.streamId, single.events, single)
        : await this.store.appendToStreams(appends);
    return { position: result.position, repeated: false };
  }

  /**
   * Each event's metadata, by its type: the same for all but the schema version. Literals, not
   * spreads, which cost more than the rest of an append here. Version 1, nearly every event's, is
   * what an absent version means (upcasting.ts): left undefined, it is not stored, which saves
   * about 20 bytes an event.
   */
  private metadata(context: CommandContext, correlationId: string): (type: NewEvent['type']) => EventMetadata {
    const { actor, collegeCode } = context;
    const occurredAt = this.clock.now().toISOString();
    return (type) => {
      const version = schemaVersionOf(type);
      const schemaVersion = version === 1 ? undefined : version;
      return collegeCode
        ? { actor, collegeCode, correlationId, occurredAt, schemaVersion }
        : { actor, correlationId, occurredAt, schemaVersion };
    };
  }

  /**
   * The streams' events, through the one upcasting step every reader of events shares: of those
   * read by their last event alone, that event, unless `whole` asks for every one.
   */
  private async load(reads: readonly StreamRead[], { whole }: Readonly<{ whole: boolean }>): Promise<Loaded> {
    const read = await Promise.all(
      reads.map(({ streamId, lastEventOnly }) =>
        this.store.readStream(streamId, lastEventOnly && !whole ? lastEvent : undefined).catch((error: unknown) => {
          if (error instanceof StreamNotFoundError) return [];
          throw error;
        }),
      ),
    );
    return loadedFrom(reads, read, false);
  }

  /**
   * The streams as this process last knew them, without a read; null where the store cannot
   * tell. A stream it does not know is taken as empty: most are (a new confession's, a visitor's
   * first like of a confession, a day's first submission), and the append confirms it.
   */
  private recall(reads: readonly StreamRead[]): Loaded | null {
    if (!this.recalling) return null;
    const recalled = this.recalling.recall(reads);
    return loadedFrom(
      reads,
      recalled.map((events) => events ?? []),
      true,
    );
  }

  /** Whether the projections fed by `events` applied them within the wait. */
  private async readYourWrites(position: Position, events: readonly NewEvent[]): Promise<boolean> {
    try {
      const types = events.map((event) => event.type);
      await this.progress.waitFor(position, types, this.config.READ_YOUR_WRITES_TIMEOUT_MS);
      return true;
    } catch (error) {
      if (error instanceof ProjectionTimeoutError) return false;
      throw error;
    }
  }
}

function loadedFrom(reads: readonly StreamRead[], read: readonly RecalledEvent[][], recalled: boolean): Loaded {
  // Plain loops: a decision runs for every write, and `flat` and `filter` cost more than the rest here.
  const recorded: RecalledEvent[] = [];
  const events: DomainEvent[] = [];
  const revisions = new Map<string, number>();
  reads.forEach(({ streamId }, i) => {
    const streamEvents = read[i]!;
    revisions.set(streamId, streamEvents.at(-1)?.revision ?? -1);
    for (const stored of streamEvents) {
      recorded.push(stored);
      const event = upcastEvent(stored);
      if (event) events.push(event);
    }
  });
  return { events, recorded, revisions, recalled };
}

/** The events a first attempt of the same request stored, if it got that far. */
function repeatOf(loaded: Loaded, correlationId: string): Omit<CommandOutcome<never>, 'state'> | null {
  const earlier = loaded.recorded.filter(
    (event) => (event.metadata as Partial<EventMetadata> | null)?.correlationId === correlationId,
  );
  if (earlier.length === 0) return null;
  const last = earlier.reduce((a, b) => (comparePositions(a.position, b.position) >= 0 ? a : b));
  const events = earlier.map((event) => ({ type: event.type, data: event.data }) as NewEvent);
  return { events, position: last.position };
}
