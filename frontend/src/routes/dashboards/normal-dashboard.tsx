import type { AuthUser } from '@secretchatbox/contracts';
import { ConfessionModerationCard } from '../../features/moderation/components/confession-moderation-card';
import { DashboardHeader } from './dashboard-header';
import { useCollegeScope } from './use-college-scope';

/** /normal-admin-dashboard: one college's confessions, pending only or all, with reports. */
export function NormalDashboard({ user }: { user: AuthUser }) {
  const { collegeCode, picker } = useCollegeScope(user);
  return (
    <div className="space-y-6">
      <DashboardHeader title="Normal Admin Dashboard" user={user}>
        {picker}
      </DashboardHeader>
      <ConfessionModerationCard collegeCode={collegeCode} readOnly={user.role === 'auditor'} />
    </div>
  );
}
