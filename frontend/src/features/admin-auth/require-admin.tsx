import type { AdminRole, AuthUser } from '@secretchatbox/contracts';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { useMeQuery } from './api';

type Props = { roles: readonly AdminRole[]; signInAt: string; children: (user: AuthUser) => ReactNode };

/** Shows its content to a signed-in admin of one of `roles`; anyone else goes to the sign-in page. */
export function RequireAdmin({ roles, signInAt, children }: Props) {
  const { data: user, isLoading } = useMeQuery();
  if (isLoading) return <Spinner label="Checking your session" />;
  if (!user || !roles.includes(user.role)) return <Navigate to={signInAt} replace />;
  return <>{children(user)}</>;
}
