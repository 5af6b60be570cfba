import { Module } from '@nestjs/common';
import { AuditController } from './audit.controller.js';
import { AuditHistoryHandler } from './audit-history.query.js';
import { AuditItemStateHandler } from './audit-item-state.query.js';
import { AuditLogPageHandler } from './audit-log-page.query.js';
import { AuditChainStatusHandler } from './audit-chain-status.query.js';
import { ModerationMetricsHandler } from './moderation-metrics.query.js';
import { AuditQueuesAsOfHandler } from './audit-queues-as-of.query.js';
import { ExportAuditLogHandler } from './export-audit-log.command.js';

/** Auditors' tools: the moderation log, items' histories and past states, queues as of a moment, exports, the chain. */
@Module({
  controllers: [AuditController],
  providers: [
    AuditLogPageHandler,
    AuditHistoryHandler,
    AuditItemStateHandler,
    AuditQueuesAsOfHandler,
    ModerationMetricsHandler,
    AuditChainStatusHandler,
    ExportAuditLogHandler,
  ],
})
export class AuditModule {}
