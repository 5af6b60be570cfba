import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import {
  type AuditHistoryPage,
  type AuditItemState,
  type AuditLogPage,
  type AuditLogQuery,
  type AuditTarget,
  type AuthUser,
  messages,
} from '@secretchatbox/contracts';
import type { Database } from '@secretchatbox/database';
import { countApprovedComments, findAuditItemCollege, readAuditLog, readItemEvents } from '@secretchatbox/projections';
import { notFound } from '../../common/errors.js';
import { decodeLogCursor, encodeLogCursor } from '../../common/log-cursor.js';
import { ModerationPseudonyms } from '../../identity/moderation-pseudonyms.js';
import { assertInScope, collegeOfList } from '../../identity/scope.js';
import type { Clock } from '../../infrastructure/clock.js';
import { CLOCK, DATABASE } from '../../infrastructure/tokens.js';
import { toHistoryEntry, toLogEntry } from './audit-entries.js';
import { auditItemState } from './audit-item-state.js';

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
    return { items: rows.map((row) => toLogEntry(row, this.pseudonyms.of)), nextCursor: encodeLogCursor(next) };
  }
}

/** The college of an item the caller may read, or 404 for one with no events and 403 outside the caller's colleges. */
async function itemCollege(db: Database, user: AuthUser, target: AuditTarget): Promise<string | null> {
  const collegeCode = await findAuditItemCollege(db, target);
  if (collegeCode === undefined) throw notFound(messages.auditItemNotFound);
  assertInScope(user, collegeCode);
  return collegeCode;
}

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
    const items = rows.map((row) => toHistoryEntry(row, this.pseudonyms.of));
    return { target, collegeCode, items, nextCursor: encodeLogCursor(next) };
  }
}

/** An item as it stood at `at` (now when absent), folded from its events. */
export class AuditItemStateQuery extends Query<AuditItemState> {
  constructor(
    readonly user: AuthUser,
    readonly target: AuditTarget,
    readonly at: string | undefined,
  ) {
    super();
  }
}

/** An item's events are read a page at a time up to this many: a confession's likes are its events too. */
const stateReadLimit = 100_000;

@QueryHandler(AuditItemStateQuery)
export class AuditItemStateHandler implements IQueryHandler<AuditItemStateQuery> {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly pseudonyms: ModerationPseudonyms,
  ) {}

  async execute({ user, target, at }: AuditItemStateQuery): Promise<AuditItemState> {
    await itemCollege(this.db, user, target);
    const moment = at ?? this.clock.now().toISOString();
    const [{ rows }, approvedComments] = await Promise.all([
      readItemEvents(this.db, target, { until: moment, limit: stateReadLimit }),
      target.type === 'confession' ? countApprovedComments(this.db, target.id, moment) : 0,
    ]);
    const history = rows.map((row) => toHistoryEntry(row, this.pseudonyms.of));
    return auditItemState(target, moment, history, approvedComments);
  }
}
