import type { DomainEvent } from '@secretchatbox/contracts';

/** An event as a decision produces it: the command handler adds the metadata. */
export type NewEvent<E extends DomainEvent = DomainEvent> = E extends DomainEvent ? Pick<E, 'type' | 'data'> : never;

/**
 * One aggregate's rules as pure functions: `decide` turns a command and the current state into
 * new events (or throws an AppError); `evolve` folds an event into the state.
 */
export type Decider<Command, Event extends DomainEvent, State> = Readonly<{
  initialState: () => State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State): NewEvent<Event>[];
}>;

/** How one stream's events fold into the state a decision across several streams reads. */
export type StreamView<Event extends DomainEvent, State> = Readonly<{
  streamId: string;
  initialState: () => State;
  evolve(state: State, event: Event): State;
}>;
