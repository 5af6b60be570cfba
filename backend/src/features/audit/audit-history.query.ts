import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { type AuditHistoryPage, type AuditTarget, type AuthUser } from '@secretchatbox/contracts';
import type { Database } from '@secretchatbox/database';
import { readItemEvents } from '@secretchatbox/projections';
import { decodeLogCursor, encodeLogCursor } from '../../common/log-cursor.js';
import { ModerationPseudonyms } from '../../identity/moderation-pseudonyms.js';
import { DATABASE } from '../../infrastructure/tokens.js';
import { toHistoryEntry } from './audit-entries.js';
import { itemCollege } from './audit-item-college.js';

/** Every event of one item, oldest first, a page at a time. */
export class AuditHistoryQuery extends Query<AuditHistoryPage> {
  constructor(
    readonly user: AuthUser,
    readonly target: AuditTarget,
    readonly page: Readonly<{ cursor?: string; limit: number }>,
  ) {
    super();
  }
}

@QueryHandler(AuditHistoryQuery)
export class AuditHistoryHandler implements IQueryHandler<AuditHistoryQuery> {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly pseudonyms: ModerationPseudonyms,
  ) {}

  async execute({ user, target, page }: AuditHistoryQuery): Promise<AuditHistoryPage> {
    const collegeCode = await itemCollege(this.db, user, target);
    const after = decodeLogCursor(page.cursor);
    const { rows, next } = await readItemEvents(this.db, target, { after, limit: page.limit });
    const items = rows.map((row) => toHistoryEntry(row, this.pseudonyms));
    return { target, collegeCode, items, nextCursor: encodeLogCursor(next) };
  }
}
