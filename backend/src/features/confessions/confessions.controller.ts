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
  type FeaturedConfession,
  type FeaturedQuery,
  type FeedQueryInput,
  type LikeResult,
  messages,
  type ConfessionRejection,
  type ModerationNote,
  type ModeratedConfession,
  type ModerationResult,
  type ReportHandling,
  type ReportReceived,
  type ReportSubmission,
} from '@secretchatbox/contracts';
import type { FastifyRequest } from 'fastify';
import { uuidOr404 } from '../../common/ids.js';
import type { CommandOrigin } from '../../common/event-sourcing/command-origin.js';
import type { WriteAnswer } from '../../common/event-sourcing/write-answers.js';
import { Origin } from '../../common/http/idempotency.js';
import { Route, ValidBody, ValidQuery } from '../../common/http/route.js';
import { type AdminIdentity, CurrentAdmin, CurrentVisitor, type VisitorIdentity } from '../../identity/identity.js';
import type { Clock } from '../../infrastructure/clock.js';
import { CLOCK } from '../../infrastructure/tokens.js';
import { NetworkKey } from '../../rate-limiting/network-key.js';
import { FeaturedConfessionQuery } from './featured-confession.query.js';
import { GetConfessionQuery } from './get-confession.query.js';
import { ListCollegeConfessionsQuery } from './list-college-confessions.query.js';
import { ListConfessionsQuery } from './list-confessions.query.js';
import { confessionDeletion, confessionModeration, reportsHandling } from './confession-moderations.js';
import { LikeConfessionCommand } from './like-confession.command.js';
import { ModerateItemCommand } from '../../common/domain/moderate-item.command.js';
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
    @Req() request: FastifyRequest,
    @Origin() origin: CommandOrigin,
  ): Promise<WriteAnswer<ConfessionSubmitted201>> {
    const network = this.networkKey.of(request.ip, this.clock.now());
    return this.commands.execute(new SubmitConfessionCommand(visitor.sessionId, network, body, origin));
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

  @Route(endpoints.featuredConfession)
  featured(
    @ValidQuery() query: FeaturedQuery,
    @CurrentVisitor() visitor: VisitorIdentity | undefined,
  ): Promise<FeaturedConfession> {
    return this.queries.execute(new FeaturedConfessionQuery(query, visitor?.sessionId ?? null));
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
    @Origin() origin: CommandOrigin,
  ): Promise<WriteAnswer<LikeResult, { id: string }>> {
    return this.commands.execute(new LikeConfessionCommand(visitor.sessionId, confessionId(id), origin));
  }

  @Route(endpoints.reportConfession)
  report(
    @CurrentVisitor() visitor: VisitorIdentity,
    @Param('id') id: string,
    @ValidBody() body: ReportSubmission,
    @Origin() origin: CommandOrigin,
  ): Promise<WriteAnswer<ReportReceived, { id: string }>> {
    return this.commands.execute(new ReportConfessionCommand(visitor.sessionId, confessionId(id), body, origin));
  }

  @Route(endpoints.adminApproveConfession)
  approve(
    @CurrentAdmin() admin: AdminIdentity,
    @Param('id') id: string,
    @ValidBody() body: Record<string, never>,
    @Origin() origin: CommandOrigin,
  ): Promise<WriteAnswer<ModerationResult>> {
    return this.approveAlias(admin, id, body, origin);
  }

  @Route(endpoints.approveConfession)
  approveAlias(
    @CurrentAdmin() admin: AdminIdentity,
    @Param('id') id: string,
    @ValidBody() _body: Record<string, never>,
    @Origin() origin: CommandOrigin,
  ): Promise<WriteAnswer<ModerationResult>> {
    const decision = { type: 'Approve', confessionId: confessionId(id), moderator: admin.user } as const;
    return this.commands.execute(new ModerateItemCommand(admin, confessionModeration, decision, origin));
  }

  @Route(endpoints.rejectConfession)
  reject(
    @CurrentAdmin() admin: AdminIdentity,
    @Param('id') id: string,
    @ValidBody() body: ConfessionRejection,
    @Origin() origin: CommandOrigin,
  ): Promise<WriteAnswer<ModerationResult>> {
    const takeDown = body.takeDown ?? false;
    const decision = { type: 'Reject', ...withNote(id, body), takeDown, moderator: admin.user } as const;
    return this.commands.execute(new ModerateItemCommand(admin, confessionModeration, decision, origin));
  }

  @Route(endpoints.deleteConfession)
  delete(
    @CurrentAdmin() admin: AdminIdentity,
    @Param('id') id: string,
    @ValidBody() body: ModerationNote,
    @Origin() origin: CommandOrigin,
  ): Promise<WriteAnswer<DeletionResult>> {
    const decision = { ...withNote(id, body), moderator: admin.user };
    return this.commands.execute(new ModerateItemCommand(admin, confessionDeletion, decision, origin));
  }

  @Route(endpoints.reviewReports)
  reviewReports(
    @CurrentAdmin() admin: AdminIdentity,
    @Param('id') id: string,
    @ValidBody() _body: Record<string, never>,
    @Origin() origin: CommandOrigin,
  ): Promise<WriteAnswer<ReportHandling>> {
    const decision = { type: 'Review', confessionId: confessionId(id), moderator: admin.user } as const;
    return this.commands.execute(new ModerateItemCommand(admin, reportsHandling, decision, origin));
  }

  @Route(endpoints.dismissReports)
  dismissReports(
    @CurrentAdmin() admin: AdminIdentity,
    @Param('id') id: string,
    @ValidBody() _body: Record<string, never>,
    @Origin() origin: CommandOrigin,
  ): Promise<WriteAnswer<ReportHandling>> {
    const decision = { type: 'Dismiss', confessionId: confessionId(id), moderator: admin.user } as const;
    return this.commands.execute(new ModerateItemCommand(admin, reportsHandling, decision, origin));
  }
}

function withNote(id: string, body: ModerationNote) {
  return { confessionId: confessionId(id), reasonCode: body.reasonCode ?? null, note: body.note ?? null };
}
