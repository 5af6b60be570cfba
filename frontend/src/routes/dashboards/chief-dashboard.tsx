import type { AuthUser } from '@secretchatbox/contracts';
import { ButtonLink } from '../../components/ui/button-link';
import { AdminAccountsCard } from '../../features/admin-accounts/components/admin-accounts-card';
import { DashboardHeader } from './dashboard-header';

type Props = { user: AuthUser; logoutMessage?: string };

/** The chief's dashboard (/admin for a chief, and /chief-dashboard): every admin account. */
export function ChiefDashboard({ user, logoutMessage }: Props) {
  return (
    <div className="space-y-6">
      <DashboardHeader title="Chief Admin Dashboard" user={user} logoutMessage={logoutMessage}>
        <ButtonLink to="/college-admin-dashboard" variant="subtle">
          College dashboards
        </ButtonLink>
        <ButtonLink to="/normal-admin-dashboard" variant="subtle">
          Moderation table
        </ButtonLink>
        <ButtonLink to="/auditor-dashboard" variant="subtle">
          Audit tools
        </ButtonLink>
      </DashboardHeader>
      <AdminAccountsCard selfId={user.id} />
    </div>
  );
}
