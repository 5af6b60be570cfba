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
  moderationStats,
} from '@secretchatbox/projections';
import { ModerationPseudonyms } from '../../identity/moderation-pseudonyms.js';
import { collegeOfList } from '../../identity/scope.js';
import { DATABASE } from '../../infrastructure/tokens.js';

/**
 * What each moderators' view answers, for one college or (null) every college. A pair's visitors
 * show by their chat pseudonyms, as chat messages do: never beside their authors' pseudonyms.
 */
const views = {
  confessions: (db: SqlExecutor, college: string | null, pseudonyms: ModerationPseudonyms) =>
    listPendingConfessions(db, college, limits.moderationList, pseudonyms.of),
  comments: (db: SqlExecutor, college: string | null, pseudonyms: ModerationPseudonyms) =>
    listPendingComments(db, college, limits.moderationList, pseudonyms.of),
  directMessages: (db: SqlExecutor, college: string | null, pseudonyms: ModerationPseudonyms) =>
    listPendingDirectMessages(db, college, limits.moderationList, pseudonyms.of),
  pairingReports: (db: SqlExecutor, college: string | null, pseudonyms: ModerationPseudonyms) =>
    listOpenPairingReports(db, college, limits.moderationList, pseudonyms.ofChat),
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
    return views[view](this.db, collegeOfList(user, collegeCode), this.pseudonyms);
  }
}
