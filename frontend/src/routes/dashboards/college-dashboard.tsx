import * as Tabs from '@radix-ui/react-tabs';
import type { AuthUser } from '@secretchatbox/contracts';
import { ScrollText, Shield } from 'lucide-react';
import { TabStrip } from '../../components/ui/tab-strip';
import { AuditChartsCard } from '../../features/audit/components/audit-charts-card';
import { AuditLogCard } from '../../features/audit/components/audit-log-card';
import { AdminAccountsCard } from '../../features/admin-accounts/components/admin-accounts-card';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { useGetManagedRoomsQuery } from '../../features/chat-rooms-admin/api';
import { RoomsCard } from '../../features/chat-rooms-admin/components/rooms-card';
import { ChatModeration } from '../../features/moderation/components/chat-moderation';
import { ConfessionModerationCard } from '../../features/moderation/components/confession-moderation-card';
import { ModerationQueues, queuesBesideConfessions } from '../../features/moderation/components/moderation-queues';
import { collegeFigures, ModerationStatsCards } from '../../features/moderation/components/moderation-stats-cards';
import { DashboardHeader } from './dashboard-header';
import { useCollegeScope } from './use-college-scope';

/** The college's rooms as moderators see them: latest messages, Remove, a moderator's message. */
function CollegeChatCard({ collegeCode }: { collegeCode: string }) {
  // The rooms card's own list: one request for both cards.
  const { data: rooms } = useGetManagedRoomsQuery(collegeCode);
  return (
    <Card className="space-y-4 p-4 sm:p-6">
      <h2 className="text-xl font-bold">Live Chat</h2>
      {rooms ? (
        <ChatModeration key={collegeCode} rooms={rooms} readOnly={false} />
      ) : (
        <Spinner label="Loading chat rooms" />
      )}
    </Card>
  );
}

const sections = [
  { value: 'moderation', label: 'Moderation', icon: Shield },
  { value: 'log', label: 'Moderation Log', icon: ScrollText },
] as const;

/**
 * The college admin's dashboard (/admin for a college admin, and /college-admin-dashboard): its
 * figures, its confessions, its comment, direct message and pairing report queues, its chat rooms
 * and their messages, and its normal admins; and its college's moderation log and charts. A chief
 * picks the college.
 */
export function CollegeDashboard({ user }: { user: AuthUser }) {
  const { collegeCode, picker } = useCollegeScope(user);
  return (
    <div className="space-y-6">
      <DashboardHeader title="College Admin Dashboard" user={user}>
        {picker}
      </DashboardHeader>
      <Tabs.Root defaultValue="moderation" className="space-y-6">
        <TabStrip label="Dashboard sections" tabs={sections} />
        <Tabs.Content value="moderation" className="space-y-6">
          <ModerationStatsCards collegeCode={collegeCode} figures={collegeFigures} />
          <ConfessionModerationCard collegeCode={collegeCode} readOnly={false} />
          <ModerationQueues collegeCode={collegeCode} readOnly={false} only={queuesBesideConfessions} />
          <RoomsCard collegeCode={collegeCode} />
          <CollegeChatCard collegeCode={collegeCode} />
          <AdminAccountsCard selfId={user.id} college={collegeCode} />
        </Tabs.Content>
        <Tabs.Content value="log" className="space-y-6">
          <AuditLogCard key={collegeCode} collegeCode={collegeCode} />
          <AuditChartsCard key={`charts-${collegeCode}`} collegeCode={collegeCode} />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
