import {
  type DomainEvent,
  type DomainEventType,
  type NewEvent,
  type StreamEvent,
  type StreamKind,
  streamKindOf,
} from '@secretchatbox/contracts';

export type { NewEvent } from '@secretchatbox/contracts';

/**
 * A stream a command reads; `appends` marks the ones its decision may append to, `lastEventOnly`
 * those whose last event alone is all its decision needs.
 */
export type StreamRead = Readonly<{ streamId: string; appends: boolean; lastEventOnly?: boolean }>;

/**
 * One command's rules as pure functions over the streams it reads (Emmett's Decider), for one
 * stream or several alike. The runner folds every event of those streams through `evolve`, asks
 * `decide` for new events (or a DomainError), and appends each new event to its own stream
 * (`streamOf`) at the revision it read. `evolve` returns the state unchanged for any event it does
 * not know, so that an older instance keeps working while a newer one adds event types (evolverOf).
 */
export type Decider<Command, State, Event extends DomainEvent = DomainEvent> = Readonly<{
  streams(command: Command): readonly StreamRead[];
  initialState(): State;
  evolve(state: State, event: NewEvent): State;
  decide(command: Command, state: State): NewEvent<Event>[];
}>;

/** A stream the command reads and may append to. */
export const appendsTo = (streamId: string): StreamRead => ({ streamId, appends: true });
/**
 * A stream the command may append to, and reads only the last event of: for a state its last
 * event sets whole (a toggle), so that a decision costs the same however long the stream grows.
 */
export const appendsAfterLast = (streamId: string): StreamRead => ({ streamId, appends: true, lastEventOnly: true });
/** A stream the command only reads: its decision depends on it, but nothing is appended there. */
export const reads = (streamId: string): StreamRead => ({ streamId, appends: false });

type PartEvolvers<State> = { readonly [K in keyof State]: (part: State[K], event: NewEvent) => State[K] };

/**
 * The `evolve` of a state made of parts, one per stream a command reads, each folded by its own
 * function. A part's function returns the part itself for events that are not its own.
 */
export function evolveParts<State extends object>(
  parts: PartEvolvers<State>,
): (state: State, event: NewEvent) => State {
  const keys = Object.keys(parts) as (keyof State)[];
  return (state, event) => {
    // One copy per event that changes anything: a command folds every event of its streams (a
    // network's quota of the day holds dozens), and a spread with a computed key costs far more.
    let next: { -readonly [K in keyof State]: State[K] } | null = null;
    for (const key of keys) {
      const part = parts[key](state[key], event);
      if (part === state[key]) continue;
      next ??= { ...state };
      next[key] = part;
    }
    return next ?? state;
  };
}

/**
 * The `evolve` of a state folded from some kinds of stream: `fold` takes exactly those streams'
 * events, in a `switch (type)` on `const { type } = event` that ends in `unhandled(type)`, so a new
 * event type of one of them fails the typecheck until the fold handles it (the type, not the event:
 * a stream of one event type narrows only the type). Any other event leaves the state unchanged.
 */
export function evolverOf<Kind extends StreamKind, State>(
  kinds: readonly Kind[],
  fold: (state: State, event: StreamEvent<Kind>) => State,
): (state: State, event: NewEvent) => State {
  const types = new Set(
    (Object.keys(streamKindOf) as DomainEventType[]).filter((type) => kinds.includes(streamKindOf[type] as Kind)),
  );
  return (state, event) => (types.has(event.type) ? fold(state, event as StreamEvent<Kind>) : state);
}

/** The default of an evolver's switch on its event's type: it compiles only once every type has its case. */
export function unhandled(type: never): never {
  throw new Error(`No case for the event type ${String(type)}`);
}
