import { type ConfessionLiked, type ConfessionUnliked, streams } from '@secretchatbox/contracts';
import {
  appendsAfterLast,
  type Decider,
  evolveParts,
  evolverOf,
  unhandled,
} from '../../common/event-sourcing/decider.js';
import {
  assertShown,
  type ConfessionState,
  evolveConfession,
  noConfession,
  shownFrom,
} from '../../common/domain/confession.state.js';

export type LikeConfession = Readonly<{ confessionId: string; sessionId: string }>;
export type LikeState = Readonly<{ confession: ConfessionState; liked: boolean }>;

const evolveLiked = evolverOf(['like'], (_liked: boolean, event): boolean => {
  const { type } = event;
  switch (type) {
    case 'ConfessionLiked':
      return true;
    case 'ConfessionUnliked':
      return false;
    default:
      return unhandled(type);
  }
});

/**
 * A like toggles, on the stream of this visitor's like of this confession: likes of one
 * confession never wait for each other. Whether it is liked is its last event's say, so a
 * decision reads that event alone, however often the visitor toggled before. Only a confession
 * the feed shows can be liked.
 */
export const likeConfession: Decider<LikeConfession, LikeState, ConfessionLiked | ConfessionUnliked> = {
  streams: ({ confessionId, sessionId }) => [
    ...shownFrom(confessionId),
    appendsAfterLast(streams.like(confessionId, sessionId)),
  ],
  initialState: () => ({ confession: noConfession, liked: false }),
  evolve: evolveParts<LikeState>({ confession: evolveConfession, liked: evolveLiked }),
  decide(command, state) {
    assertShown(state.confession);
    return [{ type: state.liked ? 'ConfessionUnliked' : 'ConfessionLiked', data: { ...command } }];
  },
};
