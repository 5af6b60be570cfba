import { describe, expect, it } from '@jest/globals';
import type { NewEvent } from '@secretchatbox/contracts';
import { evolverOf, unhandled } from './decider.js';

const countLikes = evolverOf(['like'], (likes: number, event) => {
  const { type } = event;
  switch (type) {
    case 'ConfessionLiked':
      return likes + 1;
    case 'ConfessionUnliked':
      return likes - 1;
    default:
      return unhandled(type);
  }
});

const liked: NewEvent = { type: 'ConfessionLiked', data: { confessionId: 'c1', sessionId: 's1' } };

describe('an evolver of some kinds of stream', () => {
  it("folds its streams' events", () => {
    expect(countLikes(countLikes(0, liked), liked)).toBe(2);
  });

  it("leaves the state as it is for another stream's event", () => {
    expect(countLikes(1, { type: 'ConfessionApproved', data: { confessionId: 'c1' } })).toBe(1);
  });

  it('leaves the state as it is for an event type this instance does not know', () => {
    const fromNewerInstance = { type: 'ConfessionPinned', data: { confessionId: 'c1' } } as unknown as NewEvent;
    expect(countLikes(1, fromNewerInstance)).toBe(1);
  });
});
