import { Controller, Inject, Param, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  type CollegeConfessionsQuery,
  type ConfessionItem,
  type DeletionResult,
  type ConfessionPage,
  type ConfessionSubmission,
  type ConfessionSubmitted201,
  endpoints,
  type FeedQueryInput,
  type LikeResult,
  messages,
  type ModerationNote,
  type ModeratedConfession,
  type ModerationResult,
  type ReportHandling,
  type ReportReceived,
  type ReportSubmission,
} from '@secretchatbox/contracts';
import type { Request } from 'express';
import { uuidOr404 } from '../../common/ids.js';
import { Route, ValidBody, ValidQuery } from '../../common/http/route.js';
import { type AdminIdentity, CurrentAdmin, CurrentVisitor, type VisitorIdentity } from '../../identity/identity.js';
import type { Clock } from '../../infrastructure/clock.js';
import { CLOCK } from '../../infrastructure/tokens.js';
import { NetworkKey } from '../../rate-limiting/network-key.js';
import { GetConfessionQuery, ListCollegeConfessionsQuery, ListConfessionsQuery } from './confessions.queries.js';
import { LikeConfessionCommand } from './like-confession.command.js';
import { HandleReportsCommand, ModerateConfessionCommand } from './moderate-confession.command.js';
import { ReportConfessionCommand } from './report-confession.command.js';
import { SubmitConfessionCommand } from './submit-confession.command.js';

const confessionId = (id: string) => uuidOr404(id, messages.confessionNotFound);

@Controller()
export class ConfessionsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly networkKey: NetworkKey,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Route(endpoints.submitConfession)
  submit(
    @CurrentVisitor() visitor: VisitorIdentity,
    @ValidBody() body: ConfessionSubmission,
    @Req() request: Request,
  ): Promise<ConfessionSubmitted201> {
    const network = this.networkKey.of(request.ip ?? 'unknown', this.clock.now());
    return this.commands.execute(new SubmitConfessionCommand(visitor.sessionId, network, body));
  }

  @Route(endpoints.listConfessions)
  list(
    @ValidQuery() query: FeedQueryInput,
    @CurrentVisitor() visitor: VisitorIdentity | undefined,
  ): Promise<ConfessionPage> {
    return this.queries.execute(new ListConfessionsQuery(query, visitor?.sessionId ?? null));
  }

  @Route(endpoints.listCollegeConfessions)
  listForCollege(
    @CurrentAdmin() admin: AdminIdentity,
    @Param('code') code: string,
    @ValidQuery() query: CollegeConfessionsQuery,
  ): Promise<ModeratedConfession[]> {
    return this.queries.execute(new ListCollegeConfessionsQuery(admin.user, code, query.view));
  }

  @Route(endpoints.getConfession)
  get(@Param('id') id: string, @CurrentVisitor() visitor: VisitorIdentity | undefined): Promise<ConfessionItem> {
    return this.queries.execute(new GetConfessionQuery(id, visitor?.sessionId ?? null));
  }

  @Route(endpoints.likeConfession)
  like(
    @CurrentVisitor() visitor: VisitorIdentity,
    @Param('id') id: string,
    @ValidBody() _body: Record<string, never>,
  ): Promise<LikeResult> {
    return this.commands.execute(new LikeConfessionCommand(visitor.sessionId, confessionId(id)));
  }

  @Route(endpoints.reportConfession)
  report(
    @CurrentVisitor() visitor: VisitorIdentity,
    @Param('id') id: string,
    @ValidBody() body: ReportSubmission,
  ): Promise<ReportReceived> {
    return this.commands.execute(new ReportConfessionCommand(visitor.sessionId, confessionId(id), body));
  }

  @Route(endpoints.adminApproveConfession)
  approve(
    @CurrentAdmin() admin: AdminIdentity,
    @Param('id') id: string,
    @ValidBody() body: Record<string, never>,
  ): Promise<ModerationResult> {
    return this.approveAlias(admin, id, body);
  }

  @Route(endpoints.approveConfession)
  approveAlias(
    @CurrentAdmin() admin: AdminIdentity,
    @Param('id') id: string,
    @ValidBody() _body: Record<string, never>,
  ): Promise<ModerationResult> {
    return this.commands.execute(
      new ModerateConfessionCommand(admin, { type: 'Approve', confessionId: confessionId(id) }),
    );
  }

  @Route(endpoints.rejectConfession)
  reject(
    @CurrentAdmin() admin: AdminIdentity,
    @Param('id') id: string,
    @ValidBody() body: ModerationNote,
  ): Promise<ModerationResult> {
    return this.commands.execute(new ModerateConfessionCommand(admin, withNote('Reject', id, body)));
  }

  @Route(endpoints.deleteConfession)
  delete(
    @CurrentAdmin() admin: AdminIdentity,
    @Param('id') id: string,
    @ValidBody() body: ModerationNote,
  ): Promise<DeletionResult> {
    return this.commands.execute(new ModerateConfessionCommand(admin, withNote('Delete', id, body)));
  }

  @Route(endpoints.reviewReports)
  reviewReports(
    @CurrentAdmin() admin: AdminIdentity,
    @Param('id') id: string,
    @ValidBody() _body: Record<string, never>,
  ): Promise<ReportHandling> {
    return this.commands.execute(new HandleReportsCommand(admin, { type: 'Review', confessionId: confessionId(id) }));
  }

  @Route(endpoints.dismissReports)
  dismissReports(
    @CurrentAdmin() admin: AdminIdentity,
    @Param('id') id: string,
    @ValidBody() _body: Record<string, never>,
  ): Promise<ReportHandling> {
    return this.commands.execute(new HandleReportsCommand(admin, { type: 'Dismiss', confessionId: confessionId(id) }));
  }
}

function withNote<T extends 'Reject' | 'Delete'>(type: T, id: string, body: ModerationNote) {
  return { type, confessionId: confessionId(id), reasonCode: body.reasonCode ?? null, note: body.note ?? null };
}
