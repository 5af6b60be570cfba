import { type AuditLogExported, type AuditLogFilters, messages, streams } from '@secretchatbox/contracts';
import { conflict } from '../../common/errors.js';
import { appendsTo, type Decider } from '../../common/event-sourcing/decider.js';

export type RecordAuditExport = Readonly<{
  exportId: string;
  adminId: string;
  format: 'csv' | 'json';
  filters: AuditLogFilters;
  rowCount: number;
}>;

/** Every export of the moderation log is itself an event, in a stream of its own. */
export const auditExportDecider: Decider<RecordAuditExport, { recorded: boolean }, AuditLogExported> = {
  streams: ({ exportId }) => [appendsTo(streams.auditExport(exportId))],
  initialState: () => ({ recorded: false }),
  evolve: (state, event) => (event.type === 'AuditLogExported' ? { recorded: true } : state),
  decide(command, state) {
    if (state.recorded) throw conflict(messages.exportAlreadyRecorded);
    return [{ type: 'AuditLogExported', data: command }];
  },
};
