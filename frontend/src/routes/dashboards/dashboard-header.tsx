import type { AuthUser } from '@secretchatbox/contracts';
import { Eye } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { LogoutButton } from '../../features/admin-auth/logout-button';
import { useFocusWhenLost } from '../../lib/use-focus-when-lost';
import { usePageTitle } from '../../lib/use-page-title';

/** What the Logout button says, unless a dashboard has its own text. */
export const loggedOut = 'You have been logged out successfully.';

type Props = { title: string; user: AuthUser; logoutMessage?: string; children?: ReactNode };

/** A dashboard's title, who is signed in (and their college), its controls and Logout. */
export function DashboardHeader({ title, user, logoutMessage = loggedOut, children }: Props) {
  usePageTitle(title);
  // Signing in replaces the form that had focus: the dashboard's title takes it.
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusWhenLost(heading);
  return (
    <header className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="min-w-0">
          <h1 ref={heading} tabIndex={-1} className="text-gradient text-3xl font-extrabold">
            {title}
          </h1>
          <p className="mt-1 break-words text-gray-700 dark:text-gray-300">
            Signed in as <strong>{user.username}</strong>
            {user.collegeCode && <> · {user.collegeCode}</>}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {children}
          <LogoutButton message={logoutMessage} />
        </div>
      </div>
      {user.role === 'auditor' && (
        <p className="flex items-center gap-2 rounded-2xl bg-blue-50 px-4 py-3 text-sm font-medium text-blue-900 dark:bg-blue-950/60 dark:text-blue-100">
          <Eye className="size-4 shrink-0" aria-hidden /> Read-only: auditors review, they do not decide
        </p>
      )}
    </header>
  );
}
