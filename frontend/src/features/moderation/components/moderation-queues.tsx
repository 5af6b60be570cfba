import * as Tabs from '@radix-ui/react-tabs';
import { Flag, Mail, MessageCircle, MessageSquareText, MessagesSquare } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import { TabStrip } from '../../../components/ui/tab-strip';
import type { ListProps } from './queue-table';
import { PairingReports, PendingComments, PendingConfessions, PendingDirectMessages } from './pending-queues';

const queues = [
  { value: 'confessions', label: 'Pending Confessions', icon: MessageCircle, List: PendingConfessions },
  { value: 'comments', label: 'Pending Comments', icon: MessageSquareText, List: PendingComments },
  { value: 'direct-messages', label: 'Direct Messages', icon: Mail, List: PendingDirectMessages },
  { value: 'pairing-reports', label: 'Pairing Reports', icon: Flag, List: PairingReports },
] as const;

/** The Admin Panel's tabs; only the open tab's list is mounted, and so polled. `chat` adds the Live Chat tab. */
export function ModerationQueues({ chat, ...props }: ListProps & { chat?: ReactNode }) {
  return (
    <Tabs.Root defaultValue="confessions" className="space-y-4">
      <TabStrip
        label="Moderation queues"
        tabs={chat ? [...queues, { value: 'live-chat', label: 'Live Chat', icon: MessagesSquare }] : queues}
      />
      {queues.map(({ value, List }) => (
        <Tabs.Content key={value} value={value}>
          <Card className="p-4 sm:p-6">
            <List {...props} />
          </Card>
        </Tabs.Content>
      ))}
      {chat && (
        <Tabs.Content value="live-chat">
          <Card className="p-4 sm:p-6">{chat}</Card>
        </Tabs.Content>
      )}
    </Tabs.Root>
  );
}
