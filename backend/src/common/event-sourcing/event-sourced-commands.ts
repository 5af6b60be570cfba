import { Inject, Injectable } from '@nestjs/common';
import {
  type Actor,
  type DomainEvent,
  type EventMetadata,
  type NewEvent,
  schemaVersionOf,
  streamOf,
  upcastEvent,
} from '@secretchatbox/contracts';
import {
  comparePositions,
  type EventStore,
  formatPosition,
  type Position,
  type RecordedEvent,
  StreamNotFoundError,
  WrongExpectedRevisionError,
} from '@secretchatbox/event-store';
import { ProjectionProgress, ProjectionTimeoutError } from '@secretchatbox/projections';
import type { AppConfig } from '../../config/app-config.js';
import type { Clock } from '../../infrastructure/clock.js';
import { APP_CONFIG, CLOCK, EVENT_STORE } from '../../infrastructure/tokens.js';
import { conflict, NotYetVisible } from '../errors.js';
import type { IdempotencyScope } from '../http/idempotency.js';
import { CommandIds } from './command-ids.js';
import type { Decider } from './decider.js';
import { KeyedMutex } from './keyed-mutex.js';

export type CommandContext = Readonly<{ actor: Actor; collegeCode?: string }>;

export type RunOptions<State> = Readonly<{
  /** Who acts, and the college concerned; it may depend on what was read (the item's college). */
  context: CommandContext | ((state: State) => CommandContext);
  /**
   * What a 202 answer tells of the write when its read models are not there yet (an id, a
   * session); it may depend on the state after the decision (what remains of a quota).
   */
  accepted?: Readonly<Record<string, unknown>> | ((state: State) => Readonly<Record<string, unknown>>);
  /** The request's Idempotency-Key scope: a retry then appends nothing and gets the same answer. */
  idempotency?: IdempotencyScope;
}>;

export type CommandOutcome<State> = Readonly<{
  /** The state after the decision's events. */
  state: State;
  events: readonly NewEvent[];
  /** Where the events sit in the log; null when the decision changed nothing. */
  position: Position | null;
  /** True when a retry of the same request found its events already stored, and appended nothing. */
  repeated: boolean;
}>;

type Loaded = Readonly<{ events: DomainEvent[]; recorded: RecordedEvent[]; revisions: Map<string, number> }>;

// Racing writers in other processes are retried; a loser re-reads and decides again.
const maxAttempts = 20;

/**
 * Runs a decider: loads the streams it reads, decides, appends each new event to its stream at
 * the revision read (all at once, or none), and answers once the projections fed by those events
 * have applied them, so that the caller reads its own write. Within this process, commands that
 * append to the same stream queue instead of racing; the queue is left before the wait.
 */
@Injectable()
export class EventSourcedCommands {
  private readonly inProcess = new KeyedMutex();

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly progress: ProjectionProgress,
    private readonly ids: CommandIds,
  ) {}

  async run<C, S>(decider: Decider<C, S>, command: C, options: RunOptions<S>): Promise<CommandOutcome<S>> {
    const reads = decider.streams(command);
    const appendable = reads.filter((read) => read.appends).map((read) => read.streamId);
    const correlation = this.ids.correlationId(options.idempotency ?? null);
    const outcome = await this.inProcess.run(appendable, async () => {
      for (let attempt = 1; ; attempt++) {
        const loaded = await this.load(reads.map((read) => read.streamId));
        const state = loaded.events.reduce(decider.evolve, decider.initialState());
        if (correlation.repeatable) {
          const earlier = repeatOf(loaded, correlation.id);
          if (earlier) return { ...earlier, state };
        }
        const events = decider.decide(command, state);
        if (events.length === 0) return { state, events, position: null, repeated: false };
        const context = typeof options.context === 'function' ? options.context(state) : options.context;
        try {
          const position = await this.append(events, appendable, loaded, this.metadata(context, correlation.id), (i) =>
            correlation.repeatable ? this.ids.eventId(correlation.id, i) : undefined,
          );
          return { state: events.reduce(decider.evolve, state), events, position, repeated: false };
        } catch (error) {
          if (!(error instanceof WrongExpectedRevisionError)) throw error;
          if (attempt >= maxAttempts) throw conflict('Someone else changed this at the same moment; please retry');
        }
      }
    });
    if (outcome.position) {
      const { accepted = {} } = options;
      const known = typeof accepted === 'function' ? accepted(outcome.state) : accepted;
      await this.readYourWrites(outcome.position, outcome.events, known);
    }
    return outcome;
  }

  private async append(
    events: readonly NewEvent[],
    appendable: readonly string[],
    loaded: Loaded,
    metadata: EventMetadata,
    eventId: (index: number) => string | undefined,
  ): Promise<Position> {
    const byStream = new Map<string, { id?: string; type: string; data: unknown; metadata: EventMetadata }[]>();
    events.forEach((event, index) => {
      const streamId = streamOf(event);
      if (!appendable.includes(streamId)) {
        throw new Error(`A decision appended ${event.type} to ${streamId}, which its command does not append to`);
      }
      const id = eventId(index);
      const stored = {
        ...(id ? { id } : {}),
        ...event,
        metadata: { ...metadata, schemaVersion: schemaVersionOf(event.type) },
      };
      byStream.set(streamId, [...(byStream.get(streamId) ?? []), stored]);
    });
    const appends = [...byStream].map(([streamId, streamEvents]) => {
      const revision = loaded.revisions.get(streamId) ?? -1;
      return { streamId, events: streamEvents, expectedRevision: revision < 0 ? ('no_stream' as const) : revision };
    });
    // One stream takes the plain append, which every KurrentDB version has.
    const [single] = appends;
    const result =
      appends.length === 1 && single
        ? await this.store.appendToStream(single.streamId, single.events, single)
        : await this.store.appendToStreams(appends);
    return result.position;
  }

  private metadata(context: CommandContext, correlationId: string): EventMetadata {
    return {
      actor: context.actor,
      ...(context.collegeCode ? { collegeCode: context.collegeCode } : {}),
      correlationId,
      occurredAt: this.clock.now().toISOString(),
    };
  }

  /** The streams' events, through the one upcasting step every reader of events shares. */
  private async load(streamIds: readonly string[]): Promise<Loaded> {
    const read = await Promise.all(
      streamIds.map((streamId) =>
        this.store.readStream(streamId).catch((error: unknown) => {
          if (error instanceof StreamNotFoundError) return [];
          throw error;
        }),
      ),
    );
    const recorded = read.flat();
    const revisions = new Map(streamIds.map((streamId, i) => [streamId, read[i]!.at(-1)?.revision ?? -1]));
    const events = recorded.map(upcastEvent).filter((event): event is DomainEvent => event !== null);
    return { events, recorded, revisions };
  }

  private async readYourWrites(
    position: Position,
    events: readonly NewEvent[],
    accepted: Readonly<Record<string, unknown>>,
  ): Promise<void> {
    try {
      const types = events.map((event) => event.type);
      await this.progress.waitFor(position, types, this.config.READ_YOUR_WRITES_TIMEOUT_MS);
    } catch (error) {
      if (error instanceof ProjectionTimeoutError) throw new NotYetVisible(formatPosition(position), accepted);
      throw error;
    }
  }
}

/** The events a first attempt of the same request stored, if it got that far. */
function repeatOf(loaded: Loaded, correlationId: string): Omit<CommandOutcome<never>, 'state'> | null {
  const earlier = loaded.recorded.filter(
    (event) => (event.metadata as Partial<EventMetadata> | null)?.correlationId === correlationId,
  );
  if (earlier.length === 0) return null;
  const last = earlier.reduce((a, b) => (comparePositions(a.position, b.position) >= 0 ? a : b));
  const events = earlier.map((event) => ({ type: event.type, data: event.data }) as NewEvent);
  return { events, position: last.position, repeated: true };
}
