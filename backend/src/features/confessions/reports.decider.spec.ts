import { describe, it } from '@jest/globals';
import { givenEvents } from '../../common/event-sourcing/testing.js';
import { handleReports, reportConfession } from './reports.decider.js';

const confessionId = 'c';
const submittedIn = (collegeCode: string) =>
  ({
    type: 'ConfessionSubmitted',
    data: { confessionId, collegeCode, category: 'funny', content: 'A confession of ten.', nickname: null },
  }) as const;
const shown = [submittedIn('C001'), { type: 'ConfessionApproved', data: { confessionId } } as const];
const reportBy = (sessionId: string) =>
  ({ type: 'ConfessionReported', data: { confessionId, sessionId, reason: 'spam', note: null } }) as const;
const reportsBy = (...sessions: string[]) => sessions.map(reportBy);
const hidden = (reportCount: number) => ({ type: 'ConfessionHidden', data: { confessionId, reportCount } }) as const;
const dismissed = (reportCount: number) =>
  ({ type: 'ConfessionReportsDismissed', data: { confessionId, reportCount } }) as const;
const reviewed = (reportCount: number) =>
  ({ type: 'ConfessionReportsReviewed', data: { confessionId, reportCount } }) as const;

describe('reporting a confession', () => {
  const report = { confessionId, sessionId: 's5', reason: 'spam', note: null, hideAt: 5 } as const;
  const spec = givenEvents(reportConfession);

  it('given fewer reports than the threshold, records the report only', () => {
    spec([...shown, ...reportsBy('s0', 's1', 's2')])
      .when(report)
      .then([reportBy('s5')]);
  });

  it('given the report that reaches the threshold, hides the confession too', () => {
    spec([...shown, ...reportsBy('s0', 's1', 's2', 's3')])
      .when(report)
      .then([reportBy('s5'), hidden(5)]);
  });

  it('counts only the reports since the last dismissal toward hiding', () => {
    spec([...shown, ...reportsBy('s0', 's1', 's2'), dismissed(3), reportBy('s3')])
      .when(report)
      .then([reportBy('s5')]);
  });

  it('finds no confession that reports hid: it is out of sight until a moderator acts', () => {
    spec([...shown, ...reportsBy('s0', 's1', 's2', 's3', 's4'), hidden(5)])
      .when(report)
      .thenRefuses('not_found', 'Confession not found');
  });

  it('refuses a second report from the same visitor, even after a dismissal', () => {
    spec([...shown, reportBy('s5'), dismissed(1)])
      .when(report)
      .thenRefuses('conflict', 'You already reported this confession');
  });

  it('finds no confession that is not shown', () => {
    spec([submittedIn('C001')])
      .when(report)
      .thenRefuses('not_found');
  });
});

describe('handling reports', () => {
  const moderator = { role: 'normal', collegeCode: 'C001' } as const;
  const spec = givenEvents(handleReports);
  const review = { type: 'Review', confessionId, moderator } as const;
  const dismiss = { type: 'Dismiss', confessionId, moderator } as const;

  it('reviews open reports once, keeping their count', () => {
    spec([...shown, ...reportsBy('a', 'b')])
      .when(review)
      .then([reviewed(2)]);
    spec([...shown, ...reportsBy('a', 'b'), reviewed(2)])
      .when(review)
      .thenRefuses('conflict', 'This confession has no open reports');
  });

  it('dismisses open reports, reviewed or not, and refuses when there are none', () => {
    const five = reportsBy('a', 'b', 'c', 'd', 'e');
    spec([...shown, ...five, hidden(5), reviewed(5)])
      .when(dismiss)
      .then([dismissed(5)]);
    spec([...shown])
      .when(dismiss)
      .thenRefuses('conflict');
  });

  it('refuses a moderator of another college', () => {
    spec([submittedIn('C003'), ...reportsBy('a')])
      .when(dismiss)
      .thenRefuses('forbidden');
  });
});
