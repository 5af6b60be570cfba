import { type AuditTarget, type AuthUser, messages } from '@secretchatbox/contracts';
import type { Database } from '@secretchatbox/database';
import { findAuditItemCollege } from '@secretchatbox/projections';
import { notFound } from '../../common/errors.js';
import { assertInScope } from '../../identity/scope.js';

/** The college of an item the caller may read, or 404 for one with no events and 403 outside the caller's colleges. */
export async function itemCollege(db: Database, user: AuthUser, target: AuditTarget): Promise<string | null> {
  const collegeCode = await findAuditItemCollege(db, target);
  if (collegeCode === undefined) throw notFound(messages.auditItemNotFound);
  assertInScope(user, collegeCode);
  return collegeCode;
}
