import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import {
  type AuthUser,
  limits,
  type ModeratedComment,
  type ModeratedConfession,
  type ModeratedDirectMessage,
  type ModerationStats,
} from '@secretchatbox/contracts';
import type { Database, SqlExecutor } from '@secretchatbox/database';
import {
  listPendingComments,
  listPendingConfessions,
  listPendingDirectMessages,
  moderationStats,
} from '@secretchatbox/projections';
import { collegeOfList } from '../../identity/scope.js';
import { DATABASE } from '../../infrastructure/tokens.js';

/** What each moderators' view answers, for one college or (null) every college. */
const views = {
  confessions: (db: SqlExecutor, college: string | null) => listPendingConfessions(db, college, limits.moderationList),
  comments: (db: SqlExecutor, college: string | null) => listPendingComments(db, college, limits.moderationList),
  directMessages: (db: SqlExecutor, college: string | null) =>
    listPendingDirectMessages(db, college, limits.moderationList),
  stats: moderationStats,
};

type Views = typeof views;
export type ModerationView = keyof Views;
type Answers = {
  confessions: ModeratedConfession[];
  comments: ModeratedComment[];
  directMessages: ModeratedDirectMessage[];
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
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  execute({ view, user, collegeCode }: ModerationViewQuery<ModerationView>) {
    return views[view](this.db, collegeOfList(user, collegeCode));
  }
}
