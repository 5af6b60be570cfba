import { messages } from '@secretchatbox/contracts';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { SessionView } from '@secretchatbox/contracts';
import type { Database } from '@secretchatbox/database';
import { findVisitorSession } from '@secretchatbox/projections';
import { notFound } from '../../common/errors.js';
import { DATABASE } from '../../infrastructure/tokens.js';

export class GetVisitorSessionQuery extends Query<SessionView> {
  constructor(readonly sessionId: string) {
    super();
  }
}

@QueryHandler(GetVisitorSessionQuery)
export class GetVisitorSessionHandler implements IQueryHandler<GetVisitorSessionQuery> {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async execute({ sessionId }: GetVisitorSessionQuery): Promise<SessionView> {
    const session = await findVisitorSession(this.db, sessionId);
    if (!session) throw notFound(messages.sessionNotFound);
    return session;
  }
}
