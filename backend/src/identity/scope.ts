import { type AuthUser, messages } from '@secretchatbox/contracts';
import { forbidden } from '../common/errors.js';

type Scoped = Pick<AuthUser, 'role' | 'collegeCode'>;

/** Chief and auditor accounts span every college; normal and college admins have one (docs/product.md, Roles). */
export function spansAllColleges(user: Scoped): boolean {
  return user.role === 'chief' || user.role === 'auditor';
}

/** An item of `collegeCode` is within the admin's scope, or the call is refused with 403. */
export function assertInScope(user: Scoped, collegeCode: string | null): void {
  if (!spansAllColleges(user) && (collegeCode === null || collegeCode !== user.collegeCode)) {
    throw forbidden(messages.outOfScope);
  }
}

/**
 * The college a moderator's list covers: the one asked for if the admin may see it; otherwise a
 * college-scoped admin's own college, and every college (null) for chief and auditor.
 */
export function collegeOfList(user: Scoped, requested: string | undefined): string | null {
  if (requested !== undefined) {
    assertInScope(user, requested);
    return requested;
  }
  return spansAllColleges(user) ? null : user.collegeCode;
}
