import type { AuthUser } from '@secretchatbox/contracts';
import { ModerationGuidelines } from '../../features/moderation/components/moderation-guidelines';
import { ModerationQueues } from '../../features/moderation/components/moderation-queues';
import { ModerationStatsCards, queueFigures } from '../../features/moderation/components/moderation-stats-cards';
import { DashboardHeader } from './dashboard-header';

/**
 * /admin for normal admins and auditors: the figures, the three polled queues and the guidelines.
 * A normal admin sees its college; an auditor every college, without the decision buttons.
 */
export function AdminPanel({ user }: { user: AuthUser }) {
  const scope = { collegeCode: user.collegeCode, readOnly: user.role === 'auditor' };
  return (
    <div className="space-y-6">
      <DashboardHeader title="Admin Panel" user={user} />
      <ModerationStatsCards collegeCode={scope.collegeCode} figures={queueFigures} />
      <ModerationQueues {...scope} />
      <ModerationGuidelines />
    </div>
  );
}
