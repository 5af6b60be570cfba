import type { AdminRole } from '@secretchatbox/contracts';

export const roleLabels: Record<AdminRole, string> = {
  normal: 'Normal admin',
  college: 'College admin',
  chief: 'Chief admin',
  auditor: 'Auditor',
};

/** Normal and college admins belong to a college; chief and auditor accounts span all of them. */
export const rolesWithCollege: readonly AdminRole[] = ['normal', 'college'];

/** What an account of each role may do, as the create dialog explains it (docs/product.md, Roles). */
export const roleHelp: Record<AdminRole, string> = {
  normal: "Moderates one college's confessions, comments, direct messages and chat.",
  college: 'Runs one college: its moderation, chat rooms, normal admins and moderation log.',
  chief: 'Manages every admin account and acts in every college. Has no college.',
  auditor: "Reads every college's moderation history and exports it; decides nothing. Has no college.",
};
