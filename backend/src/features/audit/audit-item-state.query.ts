import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { type AuditItemState, type AuditTarget, type AuthUser } from '@secretchatbox/contracts';
import type { Database } from '@secretchatbox/database';
import { countApprovedComments, readItemEvents } from '@secretchatbox/projections';
import { ModerationPseudonyms } from '../../identity/moderation-pseudonyms.js';
import type { Clock } from '../../infrastructure/clock.js';
import { CLOCK, DATABASE } from '../../infrastructure/tokens.js';
import { toHistoryEntry } from './audit-entries.js';
import { auditItemState } from './audit-item-state.js';
import { itemCollege } from './audit-item-college.js';

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
    const history = rows.map((row) => toHistoryEntry(row, this.pseudonyms));
    return auditItemState(target, moment, history, approvedComments);
  }
}
