import { Inject, Injectable } from '@nestjs/common';
import type { Actor, DomainEvent, DomainEventType, EventMetadata } from '@secretchatbox/contracts';
import {
  type EventStore,
  type ExpectedRevision,
  type Position,
  StreamNotFoundError,
  WrongExpectedRevisionError,
} from '@secretchatbox/event-store';
import { ProjectionProgress, ProjectionTimeoutError } from '@secretchatbox/projections';
import { messages } from '@secretchatbox/contracts';
import type { AppConfig } from '../../config/app-config.js';
import type { Clock } from '../../infrastructure/clock.js';
import { APP_CONFIG, CLOCK, EVENT_STORE } from '../../infrastructure/tokens.js';
import { conflict, serviceUnavailable } from '../errors.js';
import type { Decider, NewEvent } from './decider.js';

export type CommandContext = Readonly<{ actor: Actor; collegeCode?: string; correlationId?: string }>;

export type CommandOutcome<E extends DomainEvent> = Readonly<{ events: NewEvent<E>[]; position: Position | null }>;

const maxAttempts = 3;

/**
 * Runs a command against one stream: loads and folds its events, decides, appends with the
 * revision it decided on (retrying when another writer got there first), and answers only once
 * the projections fed by the new events have applied them, so the caller reads its own write.
 */
@Injectable()
export class EventSourcedCommands {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly progress: ProjectionProgress,
  ) {}

  async execute<C, E extends DomainEvent, S>(
    streamId: string,
    decider: Decider<C, E, S>,
    command: C,
    context: CommandContext,
  ): Promise<CommandOutcome<E>> {
    for (let attempt = 1; ; attempt++) {
      const { state, revision } = await this.load(streamId, decider);
      const decided = decider.decide(command, state);
      if (decided.length === 0) return { events: [], position: null };
      const metadata: EventMetadata = {
        actor: context.actor,
        ...(context.collegeCode ? { collegeCode: context.collegeCode } : {}),
        ...(context.correlationId ? { correlationId: context.correlationId } : {}),
        occurredAt: this.clock.now().toISOString(),
      };
      const expectedRevision: ExpectedRevision = revision < 0 ? 'no_stream' : revision;
      try {
        const { position } = await this.store.appendToStream(
          streamId,
          decided.map((event) => ({ ...event, metadata })),
          { expectedRevision },
        );
        await this.readYourWrites(
          position,
          decided.map((event) => event.type),
        );
        return { events: decided, position };
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        if (attempt >= maxAttempts) throw conflict('Someone else changed this at the same moment; please retry');
      }
    }
  }

  private async load<C, E extends DomainEvent, S>(
    streamId: string,
    decider: Decider<C, E, S>,
  ): Promise<{ state: S; revision: number }> {
    try {
      const events = await this.store.readStream(streamId);
      const state = events.reduce(
        (current, recorded) => decider.evolve(current, recorded as unknown as E),
        decider.initialState(),
      );
      return { state, revision: events.at(-1)?.revision ?? -1 };
    } catch (error) {
      if (error instanceof StreamNotFoundError) return { state: decider.initialState(), revision: -1 };
      throw error;
    }
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
