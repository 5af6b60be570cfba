import { Controller, Param, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  type AuditChainStatus,
  type AuditExportQuery,
  type AuditHistoryPage,
  type AuditHistoryQuery,
  type AuditItemState,
  type AuditLogPage,
  type AuditLogQuery,
  type AuditMetrics,
  type AuditMetricsQuery,
  type AuditQueues,
  type AuditQueuesQuery,
  type AuditStateQuery,
  type AuditTarget,
  auditTargetTypeSchema,
  endpoints,
} from '@secretchatbox/contracts';
import type { FastifyReply } from 'fastify';
import type { CommandOrigin } from '../../common/event-sourcing/command-origin.js';
import { SavedNotYetVisible, type WriteAnswer } from '../../common/event-sourcing/write-answers.js';
import { Origin } from '../../common/http/idempotency.js';
import { Route, ValidQuery, validate } from '../../common/http/route.js';
import { type AdminIdentity, CurrentAdmin } from '../../identity/identity.js';
import { chainHeadText } from './audit-export-file.js';
import { AuditHistoryQuery as HistoryQuery } from './audit-history.query.js';
import { AuditItemStateQuery } from './audit-item-state.query.js';
import { AuditLogPageQuery } from './audit-log-page.query.js';
import { AuditChainStatusQuery } from './audit-chain-status.query.js';
import { AuditQueuesAsOfQuery } from './audit-queues-as-of.query.js';
import { ModerationMetricsQuery } from './moderation-metrics.query.js';
import { ExportAuditLogCommand } from './export-audit-log.command.js';

const targetOf = (type: string, id: string): AuditTarget => ({
  type: validate(auditTargetTypeSchema, type, 'type'),
  id,
});

/** The auditors' tools (docs/audit.md): read-only, but for the export, which is recorded. */
@Controller()
export class AuditController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Route(endpoints.auditLog)
  log(@CurrentAdmin() admin: AdminIdentity, @ValidQuery() query: AuditLogQuery): Promise<AuditLogPage> {
    return this.queries.execute(new AuditLogPageQuery(admin.user, query));
  }

  @Route(endpoints.auditExport)
  async export(
    @CurrentAdmin() admin: AdminIdentity,
    @ValidQuery() query: AuditExportQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Origin() origin: CommandOrigin,
  ): Promise<WriteAnswer<string, Record<string, never>>> {
    const file = await this.commands.execute(new ExportAuditLogCommand(admin.user, query, origin));
    if (file instanceof SavedNotYetVisible) return file;
    void reply
      .header('Content-Type', file.contentType)
      .header('Content-Disposition', `attachment; filename="${file.filename}"`)
      .header('X-Audit-Chain-Head', chainHeadText(file.head));
    return file.body;
  }

  @Route(endpoints.auditHistory)
  history(
    @CurrentAdmin() admin: AdminIdentity,
    @Param('type') type: string,
    @Param('id') id: string,
    @ValidQuery() query: AuditHistoryQuery,
  ): Promise<AuditHistoryPage> {
    return this.queries.execute(new HistoryQuery(admin.user, targetOf(type, id), query));
  }

  @Route(endpoints.auditState)
  state(
    @CurrentAdmin() admin: AdminIdentity,
    @Param('type') type: string,
    @Param('id') id: string,
    @ValidQuery() query: AuditStateQuery,
  ): Promise<AuditItemState> {
    return this.queries.execute(new AuditItemStateQuery(admin.user, targetOf(type, id), query.at));
  }

  @Route(endpoints.auditQueues)
  queues(@CurrentAdmin() admin: AdminIdentity, @ValidQuery() query: AuditQueuesQuery): Promise<AuditQueues> {
    return this.queries.execute(new AuditQueuesAsOfQuery(admin.user, query));
  }

  @Route(endpoints.auditVerify)
  verify(): Promise<AuditChainStatus> {
    return this.queries.execute(new AuditChainStatusQuery());
  }

  @Route(endpoints.auditMetrics)
  metrics(@CurrentAdmin() admin: AdminIdentity, @ValidQuery() query: AuditMetricsQuery): Promise<AuditMetrics> {
    return this.queries.execute(new ModerationMetricsQuery(admin.user, query));
  }
}
