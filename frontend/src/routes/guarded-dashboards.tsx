import { RequireAdmin } from '../features/admin-auth/require-admin';
import { AuditorDashboard } from './dashboards/auditor-dashboard';
import { ChiefDashboard } from './dashboards/chief-dashboard';
import { CollegeDashboard } from './dashboards/college-dashboard';
import { NormalDashboard } from './dashboards/normal-dashboard';

export function ChiefDashboardPage() {
  return (
    <RequireAdmin roles={['chief']} signInAt="/chief-login">
      {(user) => <ChiefDashboard user={user} logoutMessage="Logged out successfully!" />}
    </RequireAdmin>
  );
}

export function CollegeAdminDashboardPage() {
  return (
    <RequireAdmin roles={['college', 'chief']} signInAt="/admin">
      {(user) => <CollegeDashboard user={user} />}
    </RequireAdmin>
  );
}

/** Auditors may look at the table too, without its buttons. */
export function NormalAdminDashboardPage() {
  return (
    <RequireAdmin roles={['normal', 'college', 'chief', 'auditor']} signInAt="/admin">
      {(user) => <NormalDashboard user={user} />}
    </RequireAdmin>
  );
}

/** Auditors land here; the chief has the same tools. */
export function AuditorDashboardPage() {
  return (
    <RequireAdmin roles={['auditor', 'chief']} signInAt="/chief-login">
      {(user) => <AuditorDashboard user={user} />}
    </RequireAdmin>
  );
}
