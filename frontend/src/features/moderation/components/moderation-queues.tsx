import * as Tabs from '@radix-ui/react-tabs';
import { Flag, Mail, MessageCircle, MessageSquareText } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import { type TabItem, TabStrip } from '../../../components/ui/tab-strip';
import type { ListProps } from './queue-table';
import { PairingReports, PendingComments, PendingConfessions, PendingDirectMessages } from './pending-queues';

const queues = [
  { value: 'confessions', label: 'Pending Confessions', icon: MessageCircle, List: PendingConfessions },
  { value: 'comments', label: 'Pending Comments', icon: MessageSquareText, List: PendingComments },
  { value: 'direct-messages', label: 'Direct Messages', icon: Mail, List: PendingDirectMessages },
  { value: 'pairing-reports', label: 'Pairing Reports', icon: Flag, List: PairingReports },
] as const;

export type QueueName = (typeof queues)[number]['value'];
/** The queues beside a dashboard's own table of confessions. */
export const queuesBesideConfessions: readonly QueueName[] = ['comments', 'direct-messages', 'pairing-reports'];
/** A tab besides the queues, with content that brings its own card. */
export type ExtraTab = TabItem & { content: ReactNode };

type Props = ListProps & {
  /** The queues shown, in this order (every one when not given). */
  only?: readonly QueueName[];
  extra?: readonly ExtraTab[];
};

/** A dashboard's tabs of queues; only the open tab's list is mounted, and so polled. */
export function ModerationQueues({ only, extra = [], ...props }: Props) {
  const shown = only ? queues.filter(({ value }) => only.includes(value)) : queues;
  return (
    <Tabs.Root defaultValue={shown[0]?.value ?? extra[0]?.value} className="space-y-4">
      <TabStrip label="Moderation queues" tabs={[...shown, ...extra]} />
      {shown.map(({ value, List }) => (
        <Tabs.Content key={value} value={value}>
          <Card className="p-4 sm:p-6">
            <List {...props} />
          </Card>
        </Tabs.Content>
      ))}
      {extra.map(({ value, content }) => (
        <Tabs.Content key={value} value={value}>
          {content}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
