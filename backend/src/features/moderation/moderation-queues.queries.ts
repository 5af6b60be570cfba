import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import {
  type AuthUser,
  limits,
  type ModeratedComment,
  type ModeratedConfession,
  type ModeratedDirectMessage,
  type ModerationStats,
  type PairingReportItem,
} from '@secretchatbox/contracts';
import type { Database, SqlExecutor } from '@secretchatbox/database';
import {
  listPendingComments,
  listPendingConfessions,
  listOpenPairingReports,
  listPendingDirectMessages,
  type ModerationPseudonymOf,
  moderationStats,
} from '@secretchatbox/projections';
import { ModerationPseudonyms } from '../../identity/moderation-pseudonyms.js';
import { collegeOfList } from '../../identity/scope.js';
import { DATABASE } from '../../infrastructure/tokens.js';

/** What each moderators' view answers, for one college or (null) every college. */
const views = {
  confessions: (db: SqlExecutor, college: string | null, pseudonymOf: ModerationPseudonymOf) =>
    listPendingConfessions(db, college, limits.moderationList, pseudonymOf),
  comments: (db: SqlExecutor, college: string | null, pseudonymOf: ModerationPseudonymOf) =>
    listPendingComments(db, college, limits.moderationList, pseudonymOf),
  directMessages: (db: SqlExecutor, college: string | null, pseudonymOf: ModerationPseudonymOf) =>
    listPendingDirectMessages(db, college, limits.moderationList, pseudonymOf),
  pairingReports: (db: SqlExecutor, college: string | null, pseudonymOf: ModerationPseudonymOf) =>
    listOpenPairingReports(db, college, limits.moderationList, pseudonymOf),
  stats: moderationStats,
};

type Views = typeof views;
export type ModerationView = keyof Views;
type Answers = {
  confessions: ModeratedConfession[];
  comments: ModeratedComment[];
  directMessages: ModeratedDirectMessage[];
  pairingReports: PairingReportItem[];
  stats: ModerationStats;
};

/** A moderators' view, limited to the caller's college unless the caller's role spans all of them. */
export class ModerationViewQuery<V extends ModerationView> extends Query<Answers[V]> {
  constructor(
    readonly view: V,
    readonly user: AuthUser,
    readonly collegeCode: string | undefined,
  ) {
    super();
  }
}

@QueryHandler(ModerationViewQuery)
export class ModerationViewHandler implements IQueryHandler<ModerationViewQuery<ModerationView>> {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly pseudonyms: ModerationPseudonyms,
  ) {}

  execute({ view, user, collegeCode }: ModerationViewQuery<ModerationView>) {
    return views[view](this.db, collegeOfList(user, collegeCode), this.pseudonyms.of);
  }
}
