import { describe, it } from '@jest/globals';
import { givenEvents } from '../../common/event-sourcing/testing.js';
import { deleteConfession, moderateConfession } from './moderate-confession.decider.js';

const confessionId = 'c';
const moderator = { role: 'normal', collegeCode: 'C001' } as const;
const submittedIn = (collegeCode: string) =>
  ({
    type: 'ConfessionSubmitted',
    data: { confessionId, collegeCode, category: 'funny', content: 'A confession of ten.', nickname: null },
  }) as const;
const submitted = submittedIn('C001');
const approved = { type: 'ConfessionApproved', data: { confessionId } } as const;
const rejected = { type: 'ConfessionRejected', data: { confessionId, reasonCode: 'spam', note: null } } as const;
const deleted = { type: 'ConfessionDeleted', data: { confessionId, reasonCode: null, note: null } } as const;
const approve = { type: 'Approve', confessionId, moderator } as const;
const reject = { type: 'Reject', confessionId, reasonCode: 'spam', note: null, takeDown: false, moderator } as const;
const takeDown = { ...reject, takeDown: true } as const;
const moderation = givenEvents(moderateConfession);
const deletion = givenEvents(deleteConfession);

describe('moderating a confession', () => {
  it('approves or rejects a pending one', () => {
    moderation([submitted]).when(approve).then([approved]);
    moderation([submitted]).when(reject).then([rejected]);
  });

  it('tells a second moderator which decision was taken first', () => {
    moderation([submitted, rejected]).when(approve).thenRefuses('conflict', 'This confession was already rejected');
    moderation([submitted, approved]).when(reject).thenRefuses('conflict', 'This confession was already approved');
  });

  it('takes down a published one, once, only when asked to', () => {
    moderation([submitted, approved]).when(takeDown).then([rejected]);
    moderation([submitted, approved, rejected])
      .when(takeDown)
      .thenRefuses('conflict', 'This confession was already rejected');
    moderation([submitted])
      .when(takeDown)
      .thenRefuses('conflict', 'This confession is not published: approve or reject it from the queue');
  });

  it('refuses a moderator of another college, but not the chief', () => {
    moderation([submittedIn('C002')])
      .when(approve)
      .thenRefuses('forbidden');
    const chief = { role: 'chief', collegeCode: null } as const;
    moderation([submittedIn('C002')])
      .when({ ...approve, moderator: chief })
      .then([approved]);
  });

  it('finds nothing to decide on a confession that does not exist or was deleted', () => {
    moderation([]).when(approve).thenRefuses('not_found');
    moderation([submitted, deleted]).when(reject).thenRefuses('not_found');
  });
});

describe('deleting a confession', () => {
  const remove = { confessionId, reasonCode: 'harassment', note: 'named a student', moderator } as const;
  const removed = {
    type: 'ConfessionDeleted',
    data: { confessionId, reasonCode: 'harassment', note: 'named a student' },
  } as const;

  it('deletes in any status, with the reason', () => {
    deletion([submitted]).when(remove).then([removed]);
    deletion([submitted, approved]).when(remove).then([removed]);
    deletion([submitted, rejected]).when(remove).then([removed]);
  });

  it('deletes once', () => {
    deletion([submitted, deleted]).when(remove).thenRefuses('not_found');
  });

  it('refuses a moderator of another college', () => {
    deletion([submittedIn('C003')])
      .when(remove)
      .thenRefuses('forbidden');
  });
});
