import { Inject, Injectable } from '@nestjs/common';
import {
  type Actor,
  type DomainEvent,
  type DomainEventType,
  type EventMetadata,
  messages,
} from '@secretchatbox/contracts';
import {
  type EventStore,
  type Position,
  StreamNotFoundError,
  WrongExpectedRevisionError,
} from '@secretchatbox/event-store';
import { ProjectionProgress, ProjectionTimeoutError } from '@secretchatbox/projections';
import type { AppConfig } from '../../config/app-config.js';
import type { Clock } from '../../infrastructure/clock.js';
import { APP_CONFIG, CLOCK, EVENT_STORE } from '../../infrastructure/tokens.js';
import { conflict, serviceUnavailable } from '../errors.js';
import type { Decider, NewEvent, StreamView } from './decider.js';
import { KeyedMutex } from './keyed-mutex.js';

export type CommandContext = Readonly<{ actor: Actor; collegeCode?: string; correlationId?: string }>;

export type CommandOutcome<E extends DomainEvent> = Readonly<{ events: NewEvent<E>[]; position: Position | null }>;

type Views = Record<string, StreamView<DomainEvent, unknown>>;
type StatesOf<V extends Views> = { [K in keyof V]: V[K] extends StreamView<DomainEvent, infer S> ? S : never };
type EventsOf<V extends Views> = { [K in keyof V]?: NewEvent[] };

// Racing writers in other processes are retried; a loser re-reads and decides again.
const maxAttempts = 20;

/**
 * Runs commands against streams: loads and folds their events, decides, appends with the
 * revisions it decided on (all streams at once, or none), and answers only once the projections
 * fed by the new events have applied them, so the caller reads its own write.
 */
@Injectable()
export class EventSourcedCommands {
  private readonly inProcess = new KeyedMutex();

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly progress: ProjectionProgress,
  ) {}

  /** A command on one aggregate's stream. */
  async execute<C, E extends DomainEvent, S>(
    streamId: string,
    decider: Decider<C, E, S>,
    command: C,
    context: CommandContext,
  ): Promise<CommandOutcome<E>> {
    const outcome = await this.executeAcross(
      {
        stream: { streamId, initialState: decider.initialState, evolve: decider.evolve } as StreamView<DomainEvent, S>,
      },
      ({ stream }) => ({ stream: decider.decide(command, stream as S) }),
      context,
    );
    return outcome as CommandOutcome<E>;
  }

  /**
   * A decision that reads several streams and appends to any of them, atomically. The context may
   * depend on what was read (the college of the item decided on, for example).
   */
  async executeAcross<V extends Views>(
    views: V,
    decide: (states: StatesOf<V>) => EventsOf<V>,
    context: CommandContext | ((states: StatesOf<V>) => CommandContext),
  ): Promise<CommandOutcome<DomainEvent>> {
    const streamIds = Object.values(views).map((view) => view.streamId);
    return this.inProcess.run(streamIds, async () => {
      for (let attempt = 1; ; attempt++) {
        const loaded = await this.load(views);
        const decided = decide(loaded.states);
        const metadata = this.metadata(typeof context === 'function' ? context(loaded.states) : context);
        const appends = Object.entries(decided)
          .filter(([, events]) => events && events.length > 0)
          .map(([key, events]) => ({
            streamId: views[key]!.streamId,
            events: events!.map((event) => ({ ...event, metadata })),
            expectedRevision: loaded.revisions[key]! < 0 ? ('no_stream' as const) : loaded.revisions[key]!,
          }));
        const events = appends.flatMap((append) => append.events) as NewEvent[];
        if (appends.length === 0) return { events: [], position: null };
        try {
          // One stream takes the plain append, which every KurrentDB version has.
          const [single] = appends;
          const { position } =
            appends.length === 1 && single
              ? await this.store.appendToStream(single.streamId, single.events, single)
              : await this.store.appendToStreams(appends);
          await this.readYourWrites(
            position,
            events.map((event) => event.type),
          );
          return { events, position };
        } catch (error) {
          if (!(error instanceof WrongExpectedRevisionError)) throw error;
          if (attempt >= maxAttempts) throw conflict('Someone else changed this at the same moment; please retry');
        }
      }
    });
  }

  private metadata(context: CommandContext): EventMetadata {
    return {
      actor: context.actor,
      ...(context.collegeCode ? { collegeCode: context.collegeCode } : {}),
      ...(context.correlationId ? { correlationId: context.correlationId } : {}),
      occurredAt: this.clock.now().toISOString(),
    };
  }

  private async load<V extends Views>(views: V): Promise<{ states: StatesOf<V>; revisions: Record<string, number> }> {
    const states: Record<string, unknown> = {};
    const revisions: Record<string, number> = {};
    await Promise.all(
      Object.entries(views).map(async ([key, view]) => {
        const events = await this.store.readStream(view.streamId).catch((error: unknown) => {
          if (error instanceof StreamNotFoundError) return [];
          throw error;
        });
        states[key] = events.reduce(
          (state, recorded) => view.evolve(state, recorded as unknown as DomainEvent),
          view.initialState(),
        );
        revisions[key] = events.at(-1)?.revision ?? -1;
      }),
    );
    return { states: states as StatesOf<V>, revisions };
  }

  private async readYourWrites(position: Position, types: DomainEventType[]): Promise<void> {
    try {
      await this.progress.waitFor(position, types, this.config.READ_YOUR_WRITES_TIMEOUT_MS);
    } catch (error) {
      if (error instanceof ProjectionTimeoutError) throw serviceUnavailable(messages.staleRead);
      throw error;
    }
  }
}
