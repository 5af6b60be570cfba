import { randomUUID } from 'node:crypto';
import { describe, it } from '@jest/globals';
import { givenEvents } from '../../common/event-sourcing/testing.js';
import { auditExportDecider } from './audit-export.decider.js';

const given = givenEvents(auditExportDecider);
const command = {
  exportId: randomUUID(),
  adminId: randomUUID(),
  format: 'csv' as const,
  filters: { collegeCode: 'C001' },
  rowCount: 12,
};

describe('recording an audit export', () => {
  it('records who exported what, with the row count', () => {
    given([])
      .when(command)
      .then([{ type: 'AuditLogExported', data: command }]);
  });

  it('is refused for an export id already recorded', () => {
    given([{ type: 'AuditLogExported', data: command }])
      .when(command)
      .thenRefuses('conflict');
  });
});
