import { type AuditLogExported, type AuditLogFilters, messages, streams } from '@secretchatbox/contracts';
import { conflict } from '../../common/errors.js';
import { appendsTo, type Decider, evolverOf, unhandled } from '../../common/event-sourcing/decider.js';

export type RecordAuditExport = Readonly<{
  exportId: string;
  adminId: string;
  format: 'csv' | 'json';
  filters: AuditLogFilters;
  rowCount: number;
}>;

type AuditExportState = Readonly<{ recorded: boolean }>;

/** Every export of the moderation log is itself an event, in a stream of its own. */
export const auditExportDecider: Decider<RecordAuditExport, AuditExportState, AuditLogExported> = {
  streams: ({ exportId }) => [appendsTo(streams.auditExport(exportId))],
  initialState: () => ({ recorded: false }),
  evolve: evolverOf(['auditExport'], (_state: AuditExportState, event): AuditExportState => {
    const { type } = event;
    switch (type) {
      case 'AuditLogExported':
        return { recorded: true };
      default:
        return unhandled(type);
    }
  }),
  decide(command, state) {
    if (state.recorded) throw conflict(messages.exportAlreadyRecorded);
    return [{ type: 'AuditLogExported', data: command }];
  },
};
