import { it } from '@jest/globals';
import { answer, describeProjection, event, rows } from '../testing/index.js';
import { findVisitorSession, visitorSessionsProjection } from './visitor-sessions.js';

const started = event('VisitorSessionStarted', { sessionId: 'visitor-a' }, { at: '2026-11-23T08:00:00.000Z' });

describeProjection('visitor sessions', visitorSessionsProjection, (spec) => {
  it('records a session when it starts, belonging to no college and with no nickname yet', () =>
    spec
      .given([])
      .when([started])
      .then(
        rows('visitor_sessions', [{ session_id: 'visitor-a', started_at: new Date('2026-11-23T08:00:00.000Z') }]),
        answer((db) => findVisitorSession(db, 'visitor-a'), {
          sessionId: 'visitor-a',
          collegeCode: null,
          nickname: null,
        }),
      ));

  it('keeps the first start when the event comes again', () =>
    spec
      .given([started])
      .when([started])
      .then(rows('visitor_sessions', [{ session_id: 'visitor-a', started_at: new Date('2026-11-23T08:00:00.000Z') }])));

  it('knows no session that never started', () =>
    spec.given([started]).then(answer((db) => findVisitorSession(db, 'visitor-b'), null)));
});
