import { Controller } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  endpoints,
  type ModeratedComment,
  type ModeratedConfession,
  type ModeratedDirectMessage,
  type ModerationQuery,
  type ModerationStats,
  type PairingReportItem,
} from '@secretchatbox/contracts';
import { Route, ValidQuery } from '../../common/http/route.js';
import { type AdminIdentity, CurrentAdmin } from '../../identity/identity.js';
import { ModerationViewQuery } from './moderation-view.query.js';

/** The moderators' queues and figures. */
@Controller()
export class ModerationController {
  constructor(private readonly queries: QueryBus) {}

  @Route(endpoints.listPendingConfessions)
  pendingConfessions(
    @CurrentAdmin() admin: AdminIdentity,
    @ValidQuery() query: ModerationQuery,
  ): Promise<ModeratedConfession[]> {
    return this.queries.execute(new ModerationViewQuery('confessions', admin.user, query.collegeCode));
  }

  @Route(endpoints.listPendingComments)
  pendingComments(
    @CurrentAdmin() admin: AdminIdentity,
    @ValidQuery() query: ModerationQuery,
  ): Promise<ModeratedComment[]> {
    return this.queries.execute(new ModerationViewQuery('comments', admin.user, query.collegeCode));
  }

  @Route(endpoints.listPendingDirectMessages)
  pendingDirectMessages(
    @CurrentAdmin() admin: AdminIdentity,
    @ValidQuery() query: ModerationQuery,
  ): Promise<ModeratedDirectMessage[]> {
    return this.queries.execute(new ModerationViewQuery('directMessages', admin.user, query.collegeCode));
  }

  @Route(endpoints.listPairingReports)
  pairingReports(
    @CurrentAdmin() admin: AdminIdentity,
    @ValidQuery() query: ModerationQuery,
  ): Promise<PairingReportItem[]> {
    return this.queries.execute(new ModerationViewQuery('pairingReports', admin.user, query.collegeCode));
  }

  @Route(endpoints.moderationStats)
  stats(@CurrentAdmin() admin: AdminIdentity, @ValidQuery() query: ModerationQuery): Promise<ModerationStats> {
    return this.queries.execute(new ModerationViewQuery('stats', admin.user, query.collegeCode));
  }
}
