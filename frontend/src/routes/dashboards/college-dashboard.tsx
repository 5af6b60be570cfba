import type { AuthUser } from '@secretchatbox/contracts';
import { AdminAccountsCard } from '../../features/admin-accounts/components/admin-accounts-card';
import { RoomsCard } from '../../features/chat-rooms-admin/components/rooms-card';
import { ConfessionModerationCard } from '../../features/moderation/components/confession-moderation-card';
import { collegeFigures, ModerationStatsCards } from '../../features/moderation/components/moderation-stats-cards';
import { DashboardHeader } from './dashboard-header';
import { useCollegeScope } from './use-college-scope';

/**
 * The college admin's dashboard (/admin for a college admin, and /college-admin-dashboard): its
 * figures, its confessions, its chat rooms and its normal admins. A chief picks the college.
 */
export function CollegeDashboard({ user }: { user: AuthUser }) {
  const { collegeCode, picker } = useCollegeScope(user);
  return (
    <div className="space-y-6">
      <DashboardHeader title="College Admin Dashboard" user={user}>
        {picker}
      </DashboardHeader>
      <ModerationStatsCards collegeCode={collegeCode} figures={collegeFigures} />
      <ConfessionModerationCard collegeCode={collegeCode} readOnly={false} />
      <RoomsCard collegeCode={collegeCode} />
      <AdminAccountsCard selfId={user.id} college={collegeCode} />
    </div>
  );
}
