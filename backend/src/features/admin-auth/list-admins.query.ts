import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { AdminAccountView } from '@secretchatbox/contracts';
import type { Database } from '@secretchatbox/database';
import { listAdminAccounts } from '@secretchatbox/projections';
import type { AdminIdentity } from '../../identity/identity.js';
import { DATABASE } from '../../infrastructure/tokens.js';

export class ListAdminsQuery extends Query<AdminAccountView[]> {
  constructor(readonly manager: AdminIdentity) {
    super();
  }
}

/** Every account for the chief; a college admin sees its college's normal admins. */
@QueryHandler(ListAdminsQuery)
export class ListAdminsHandler implements IQueryHandler<ListAdminsQuery> {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  execute({ manager: { user } }: ListAdminsQuery): Promise<AdminAccountView[]> {
    if (user.role === 'chief') return listAdminAccounts(this.db);
    return listAdminAccounts(this.db, { collegeCode: user.collegeCode ?? '', role: 'normal' });
  }
}
