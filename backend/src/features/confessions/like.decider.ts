import { type ConfessionLiked, type ConfessionUnliked, streams, type NewEvent } from '@secretchatbox/contracts';
import { appendsTo, type Decider, evolveParts } from '../../common/event-sourcing/decider.js';
import { assertShown, type ConfessionState, evolveConfession, noConfession, shownFrom } from './confession.state.js';

export type LikeConfession = Readonly<{ confessionId: string; sessionId: string }>;
export type LikeState = Readonly<{ confession: ConfessionState; liked: boolean }>;

function evolveLiked(liked: boolean, event: NewEvent): boolean {
  switch (event.type) {
    case 'ConfessionLiked':
      return true;
    case 'ConfessionUnliked':
      return false;
    default:
      return liked;
  }
}

/**
 * A like toggles, on the stream of this visitor's like of this confession: likes of one
 * confession never wait for each other. Only a confession the feed shows can be liked.
 */
export const likeConfession: Decider<LikeConfession, LikeState, ConfessionLiked | ConfessionUnliked> = {
  streams: ({ confessionId, sessionId }) => [
    ...shownFrom(confessionId),
    appendsTo(streams.like(confessionId, sessionId)),
  ],
  initialState: () => ({ confession: noConfession, liked: false }),
  evolve: evolveParts<LikeState>({ confession: evolveConfession, liked: evolveLiked }),
  decide(command, state) {
    assertShown(state.confession);
    return [{ type: state.liked ? 'ConfessionUnliked' : 'ConfessionLiked', data: { ...command } }];
  },
};
