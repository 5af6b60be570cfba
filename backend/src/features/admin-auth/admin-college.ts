import { type AdminRole, messages } from '@secretchatbox/contracts';
import type { Database } from '@secretchatbox/database';
import { findCollegeByCode } from '@secretchatbox/projections';
import { validationFailed } from '../../common/errors.js';
import type { AdminIdentity } from '../../identity/identity.js';

const spansColleges = (role: AdminRole) => role === 'chief' || role === 'auditor';

/**
 * Normal and college admins belong to an existing college; chief and auditor accounts to none.
 * A college admin's new normal admins join its own college when none is named.
 */
export async function collegeFor(
  db: Database,
  role: AdminRole,
  requested: string | null | undefined,
  manager: AdminIdentity,
) {
  if (spansColleges(role)) return null;
  const code = requested ?? (manager.user.role === 'college' ? manager.user.collegeCode : null);
  if (!code) throw validationFailed({ collegeCode: messages.collegeRequiredForRole });
  if (!(await findCollegeByCode(db, code))) throw validationFailed({ collegeCode: messages.unknownCollege });
  return code;
}
