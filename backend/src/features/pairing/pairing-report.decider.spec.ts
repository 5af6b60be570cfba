import { describe, it } from '@jest/globals';
import { messages, type NewEvent } from '@secretchatbox/contracts';
import { givenEvents } from '../../common/event-sourcing/testing.js';
import { type ResolvePairingReport, resolvePairingReport } from './pairing-report.decider.js';

const filed = (collegeCode: string): NewEvent => ({
  type: 'PairingReportFiled',
  data: {
    reportId: 'r1',
    pairId: 'p1',
    collegeCode,
    reporterSessionId: 'ann',
    reportedSessionId: 'ben',
    reason: 'spam',
    note: null,
    transcript: [],
  },
});
const resolved = (action: ResolvePairingReport['action']): NewEvent => ({
  type: 'PairingReportResolved',
  data: { reportId: 'r1', action, note: 'seen' },
});
const moderator = { role: 'normal', collegeCode: 'C001' } as const;
const warn: ResolvePairingReport = { reportId: 'r1', action: 'warn', note: 'seen', moderator };
const spec = givenEvents(resolvePairingReport);

describe('resolving a pairing report', () => {
  it("warns or dismisses an open report of the moderator's college", () => {
    spec([filed('C001')])
      .when(warn)
      .then([resolved('warn')]);
    spec([filed('C001')])
      .when({ ...warn, action: 'dismiss' })
      .then([resolved('dismiss')]);
  });

  it('lets the first decision stand', () => {
    spec([filed('C001'), resolved('warn')])
      .when({ ...warn, action: 'dismiss' })
      .thenRefuses('conflict', messages.pairingReportResolved('warned'));
    spec([filed('C001'), resolved('dismiss')])
      .when(warn)
      .thenRefuses('conflict', messages.pairingReportResolved('dismissed'));
  });

  it("refuses a report of another college's pair, unless the moderator spans every college", () => {
    spec([filed('C002')])
      .when(warn)
      .thenRefuses('forbidden', messages.outOfScope);
    spec([filed('C002')])
      .when({ ...warn, moderator: { role: 'chief', collegeCode: null } })
      .then([resolved('warn')]);
  });

  it('finds no report that was never filed', () => {
    spec([]).when(warn).thenRefuses('not_found', messages.pairingReportNotFound);
  });
});
