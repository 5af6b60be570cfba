import { Module } from '@nestjs/common';
import { AuditController } from './audit.controller.js';
import { AuditHistoryHandler, AuditItemStateHandler, AuditLogPageHandler } from './audit-log.queries.js';
import { AuditChainStatusHandler, AuditMetricsHandler, AuditQueuesAsOfHandler } from './audit-overview.queries.js';
import { ExportAuditLogHandler } from './export-audit-log.command.js';

/** Auditors' tools: the moderation log, items' histories and past states, queues as of a moment, exports, the chain. */
@Module({
  controllers: [AuditController],
  providers: [
    AuditLogPageHandler,
    AuditHistoryHandler,
    AuditItemStateHandler,
    AuditQueuesAsOfHandler,
    AuditMetricsHandler,
    AuditChainStatusHandler,
    ExportAuditLogHandler,
  ],
})
export class AuditModule {}
