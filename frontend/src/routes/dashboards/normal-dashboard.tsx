import type { AuthUser } from '@secretchatbox/contracts';
import { ConfessionModerationCard } from '../../features/moderation/components/confession-moderation-card';
import { ModerationQueues, queuesBesideConfessions } from '../../features/moderation/components/moderation-queues';
import { DashboardHeader } from './dashboard-header';
import { useCollegeScope } from './use-college-scope';

/** /normal-admin-dashboard: one college's confessions (pending only, reported or all) and its other queues. */
export function NormalDashboard({ user }: { user: AuthUser }) {
  const { collegeCode, picker } = useCollegeScope(user);
  const readOnly = user.role === 'auditor';
  return (
    <div className="space-y-6">
      <DashboardHeader title="Normal Admin Dashboard" user={user}>
        {picker}
      </DashboardHeader>
      <ConfessionModerationCard collegeCode={collegeCode} readOnly={readOnly} />
      <ModerationQueues collegeCode={collegeCode} readOnly={readOnly} only={queuesBesideConfessions} />
    </div>
  );
}
