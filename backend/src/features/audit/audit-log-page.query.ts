import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { type AuditLogPage, type AuditLogQuery, type AuthUser } from '@secretchatbox/contracts';
import type { Database } from '@secretchatbox/database';
import { readAuditLog } from '@secretchatbox/projections';
import { decodeLogCursor, encodeLogCursor } from '../../common/log-cursor.js';
import { ModerationPseudonyms } from '../../identity/moderation-pseudonyms.js';
import { collegeOfList } from '../../identity/scope.js';
import { DATABASE } from '../../infrastructure/tokens.js';
import { toLogEntry } from './audit-entries.js';

/** A page of the moderation log, within the caller's colleges. */
export class AuditLogPageQuery extends Query<AuditLogPage> {
  constructor(
    readonly user: AuthUser,
    readonly query: AuditLogQuery,
  ) {
    super();
  }
}

@QueryHandler(AuditLogPageQuery)
export class AuditLogPageHandler implements IQueryHandler<AuditLogPageQuery> {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly pseudonyms: ModerationPseudonyms,
  ) {}

  async execute({ user, query }: AuditLogPageQuery): Promise<AuditLogPage> {
    const { cursor, limit, collegeCode, ...filters } = query;
    const filter = { ...filters, collegeCode: collegeOfList(user, collegeCode) };
    const { rows, next } = await readAuditLog(this.db, filter, decodeLogCursor(cursor), limit);
    return { items: rows.map((row) => toLogEntry(row, this.pseudonyms)), nextCursor: encodeLogCursor(next) };
  }
}
