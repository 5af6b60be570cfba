import { expect } from '@jest/globals';
import type { NewEvent } from '@secretchatbox/contracts';
import { DomainError, type RefusalKind } from '../errors.js';
import type { Decider } from './decider.js';

/**
 * Given/when/then for deciders: given the events already in the streams the command reads, when
 * the command, then the new events, or a refusal of some kind (and message).
 */
export function givenEvents<C, S>(decider: Decider<C, S>) {
  return (given: readonly NewEvent[]) => ({
    when(command: C) {
      const state = given.reduce((current, event) => decider.evolve(current, event), decider.initialState());
      const decide = () => decider.decide(command, state);
      return {
        then(expected: readonly NewEvent[]) {
          expect(decide()).toEqual(expected);
        },
        thenRefuses(kind: RefusalKind, message?: string | RegExp, retryAfterSeconds?: number) {
          let thrown: unknown = null;
          try {
            decide();
          } catch (error) {
            thrown = error;
          }
          expect(thrown).toBeInstanceOf(DomainError);
          const refusal = thrown as DomainError;
          expect(refusal.kind).toBe(kind);
          if (message !== undefined) expect(refusal.message).toMatch(message);
          if (retryAfterSeconds !== undefined) expect(refusal.retryAfterSeconds).toBe(retryAfterSeconds);
        },
      };
    },
  });
}
