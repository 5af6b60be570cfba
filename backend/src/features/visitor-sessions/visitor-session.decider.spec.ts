import { describe, it } from '@jest/globals';
import { messages } from '@secretchatbox/contracts';
import { givenEvents } from '../../common/event-sourcing/testing.js';
import { visitorSessionDecider } from './visitor-session.decider.js';

const spec = givenEvents(visitorSessionDecider);
const started = { type: 'VisitorSessionStarted', data: { sessionId: 's1' } } as const;

describe('starting a visitor session', () => {
  it('starts a session under a new id', () => {
    spec([]).when({ sessionId: 's1' }).then([started]);
  });

  it('refuses an id already started', () => {
    spec([started]).when({ sessionId: 's1' }).thenRefuses('conflict', messages.sessionExists);
  });
});
