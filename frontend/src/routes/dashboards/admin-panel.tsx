import type { AuthUser } from '@secretchatbox/contracts';
import { MessagesSquare, ShieldAlert } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button-link';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { useGetChatRoomsQuery } from '../../features/live-chat/api';
import { ChatModeration } from '../../features/moderation/components/chat-moderation';
import { ConfessionModerationCard } from '../../features/moderation/components/confession-moderation-card';
import { ModerationGuidelines } from '../../features/moderation/components/moderation-guidelines';
import { ModerationQueues } from '../../features/moderation/components/moderation-queues';
import { ModerationStatsCards, queueFigures } from '../../features/moderation/components/moderation-stats-cards';
import { DashboardHeader } from './dashboard-header';
import { useCollegeScope } from './use-college-scope';

/** The Live Chat tab: the rooms of one college. */
function CollegeChat({ collegeCode, readOnly }: { collegeCode: string; readOnly: boolean }) {
  const { data: rooms } = useGetChatRoomsQuery(collegeCode);
  return rooms ? (
    <ChatModeration key={collegeCode} rooms={rooms} readOnly={readOnly} />
  ) : (
    <Spinner label="Loading chat rooms" />
  );
}

/**
 * /admin for normal admins and auditors: the figures, the polled queues, the published and
 * reported confessions, the chat, and the guidelines. A normal admin sees its college; an auditor
 * every college (one at a time where a tab shows one), without the decision buttons.
 */
export function AdminPanel({ user }: { user: AuthUser }) {
  const readOnly = user.role === 'auditor';
  const { collegeCode, picker } = useCollegeScope(user);
  return (
    <div className="space-y-6">
      <DashboardHeader title="Admin Panel" user={user}>
        {readOnly && (
          <ButtonLink to="/auditor-dashboard" variant="subtle">
            Audit tools
          </ButtonLink>
        )}
      </DashboardHeader>
      <ModerationStatsCards collegeCode={user.collegeCode} figures={queueFigures} />
      <ModerationQueues
        collegeCode={user.collegeCode}
        readOnly={readOnly}
        extra={[
          {
            value: 'reported',
            label: 'Reported & Published',
            icon: ShieldAlert,
            content: (
              <ConfessionModerationCard
                collegeCode={collegeCode}
                readOnly={readOnly}
                initialView="reported"
                picker={picker}
              />
            ),
          },
          {
            value: 'live-chat',
            label: 'Live Chat',
            icon: MessagesSquare,
            content: (
              <Card className="space-y-4 p-4 sm:p-6">
                {picker}
                <CollegeChat collegeCode={collegeCode} readOnly={readOnly} />
              </Card>
            ),
          },
        ]}
      />
      <ModerationGuidelines />
    </div>
  );
}
