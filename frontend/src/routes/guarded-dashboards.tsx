import { RequireAdmin } from '../features/admin-auth/require-admin';
import { ChiefDashboardFrame, CollegeDashboardFrame, NormalDashboardFrame } from './dashboard-frames';

export function ChiefDashboardPage() {
  return (
    <RequireAdmin roles={['chief']} signInAt="/chief-login">
      {(user) => <ChiefDashboardFrame user={user} />}
    </RequireAdmin>
  );
}

export function CollegeAdminDashboardPage() {
  return (
    <RequireAdmin roles={['college', 'chief']} signInAt="/admin">
      {(user) => <CollegeDashboardFrame user={user} />}
    </RequireAdmin>
  );
}

export function NormalAdminDashboardPage() {
  return (
    <RequireAdmin roles={['normal', 'college', 'chief']} signInAt="/admin">
      {(user) => <NormalDashboardFrame user={user} />}
    </RequireAdmin>
  );
}
