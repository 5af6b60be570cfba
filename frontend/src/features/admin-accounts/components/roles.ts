import type { AdminRole } from '@secretchatbox/contracts';

export const roleLabels: Record<AdminRole, string> = {
  normal: 'Normal admin',
  college: 'College admin',
  chief: 'Chief admin',
  auditor: 'Auditor',
};

/** Normal and college admins belong to a college; chief and auditor accounts span all of them. */
export const rolesWithCollege: readonly AdminRole[] = ['normal', 'college'];
