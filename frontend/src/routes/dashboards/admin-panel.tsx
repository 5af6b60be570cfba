import { type AuthUser, defaultCollegeCode } from '@secretchatbox/contracts';
import { useState } from 'react';
import { ButtonLink } from '../../components/ui/button-link';
import { Spinner } from '../../components/ui/spinner';
import { CollegePicker } from '../../features/colleges/college-picker';
import { useGetChatRoomsQuery } from '../../features/live-chat/api';
import { ChatModeration } from '../../features/moderation/components/chat-moderation';
import { ModerationGuidelines } from '../../features/moderation/components/moderation-guidelines';
import { ModerationQueues } from '../../features/moderation/components/moderation-queues';
import { ModerationStatsCards, queueFigures } from '../../features/moderation/components/moderation-stats-cards';
import { DashboardHeader } from './dashboard-header';

/** The Live Chat tab: the rooms of the admin's college, or of a college an auditor picks. */
function CollegeChat({ collegeCode, readOnly }: { collegeCode: string | null; readOnly: boolean }) {
  const [picked, setPicked] = useState(defaultCollegeCode);
  const college = collegeCode ?? picked;
  const { data: rooms } = useGetChatRoomsQuery(college);
  return (
    <div className="space-y-4">
      {collegeCode === null && <CollegePicker value={picked} onChange={setPicked} />}
      {rooms ? (
        <ChatModeration key={college} rooms={rooms} readOnly={readOnly} />
      ) : (
        <Spinner label="Loading chat rooms" />
      )}
    </div>
  );
}

/**
 * /admin for normal admins and auditors: the figures, the three polled queues and the guidelines.
 * A normal admin sees its college; an auditor every college, without the decision buttons.
 */
export function AdminPanel({ user }: { user: AuthUser }) {
  const scope = { collegeCode: user.collegeCode, readOnly: user.role === 'auditor' };
  return (
    <div className="space-y-6">
      <DashboardHeader title="Admin Panel" user={user}>
        {user.role === 'auditor' && (
          <ButtonLink to="/auditor-dashboard" variant="subtle">
            Audit tools
          </ButtonLink>
        )}
      </DashboardHeader>
      <ModerationStatsCards collegeCode={scope.collegeCode} figures={queueFigures} />
      <ModerationQueues {...scope} chat={<CollegeChat collegeCode={user.collegeCode} readOnly={scope.readOnly} />} />
      <ModerationGuidelines />
    </div>
  );
}
