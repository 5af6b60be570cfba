import { expect } from '@jest/globals';
import type { DomainEvent } from '@secretchatbox/contracts';
import type { Decider, NewEvent } from './decider.js';

/** Given/when/then for deciders: given past events, when a command, then new events or an error. */
export function givenEvents<C, E extends DomainEvent, S>(decider: Decider<C, E, S>) {
  return (given: readonly NewEvent<E>[]) => ({
    when(command: C) {
      const state = given.reduce((current, event) => decider.evolve(current, event as E), decider.initialState());
      const decide = () => decider.decide(command, state);
      return {
        then(expected: readonly NewEvent<E>[]) {
          expect(decide()).toEqual(expected);
        },
        thenThrows(matches: (error: unknown) => boolean) {
          let thrown: unknown = null;
          try {
            decide();
          } catch (error) {
            thrown = error;
          }
          expect(thrown).not.toBeNull();
          expect(matches(thrown)).toBe(true);
        },
      };
    },
  });
}
