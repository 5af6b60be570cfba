import { describe, it } from '@jest/globals';
import { givenEvents } from '../../common/event-sourcing/testing.js';
import { likeConfession } from './like.decider.js';

const like = { confessionId: 'c', sessionId: 's' };
const submitted = {
  type: 'ConfessionSubmitted',
  data: { confessionId: 'c', collegeCode: 'C001', category: 'funny', content: 'A confession of ten.', nickname: null },
} as const;
const approved = { type: 'ConfessionApproved', data: { confessionId: 'c' } } as const;
const liked = { type: 'ConfessionLiked', data: like } as const;
const unliked = { type: 'ConfessionUnliked', data: like } as const;
const spec = givenEvents(likeConfession);

describe('liking a confession', () => {
  it('likes an approved confession, and a second like takes it back', () => {
    spec([submitted, approved]).when(like).then([liked]);
    spec([submitted, approved, liked]).when(like).then([unliked]);
    spec([submitted, approved, liked, unliked]).when(like).then([liked]);
  });

  it('finds no confession that is not shown', () => {
    spec([]).when(like).thenRefuses('not_found', 'Confession not found');
    spec([submitted]).when(like).thenRefuses('not_found');
    spec([submitted, { type: 'ConfessionRejected', data: { confessionId: 'c', reasonCode: null, note: null } }])
      .when(like)
      .thenRefuses('not_found');
  });

  it('finds no confession that reports hid, until a moderator dismisses them', () => {
    const hidden = { type: 'ConfessionHidden', data: { confessionId: 'c', reportCount: 5 } } as const;
    const dismissed = { type: 'ConfessionReportsDismissed', data: { confessionId: 'c', reportCount: 5 } } as const;
    spec([submitted, approved, hidden]).when(like).thenRefuses('not_found', 'Confession not found');
    spec([submitted, approved, hidden, dismissed]).when(like).then([liked]);
  });
});
