import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import {
  type AuthUser,
  type CollegeConfessionsQuery,
  limits,
  type ModeratedConfession,
} from '@secretchatbox/contracts';
import type { Database } from '@secretchatbox/database';
import { listCollegeConfessions } from '@secretchatbox/projections';
import { ModerationPseudonyms } from '../../identity/moderation-pseudonyms.js';
import { assertInScope } from '../../identity/scope.js';
import { DATABASE } from '../../infrastructure/tokens.js';

export class ListCollegeConfessionsQuery extends Query<ModeratedConfession[]> {
  constructor(
    readonly user: AuthUser,
    readonly collegeCode: string,
    readonly view: CollegeConfessionsQuery['view'],
  ) {
    super();
  }
}

/** A college's confessions for moderators of that college (or of all colleges), the newest 500. */
@QueryHandler(ListCollegeConfessionsQuery)
export class ListCollegeConfessionsHandler implements IQueryHandler<ListCollegeConfessionsQuery> {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly pseudonyms: ModerationPseudonyms,
  ) {}

  execute({ user, collegeCode, view }: ListCollegeConfessionsQuery): Promise<ModeratedConfession[]> {
    assertInScope(user, collegeCode);
    return listCollegeConfessions(this.db, collegeCode, view, limits.moderationList, this.pseudonyms.of);
  }
}
