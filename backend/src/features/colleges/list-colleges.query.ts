import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { College } from '@secretchatbox/contracts';
import type { Database } from '@secretchatbox/database';
import { listColleges } from '@secretchatbox/projections';
import { DATABASE } from '../../infrastructure/tokens.js';

export class ListCollegesQuery extends Query<College[]> {}

@QueryHandler(ListCollegesQuery)
export class ListCollegesHandler implements IQueryHandler<ListCollegesQuery> {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  execute(): Promise<College[]> {
    return listColleges(this.db);
  }
}
