import * as Tabs from '@radix-ui/react-tabs';
import type { DirectMessage } from '@secretchatbox/contracts';
import { Inbox, Reply, Send } from 'lucide-react';
import { Dialog } from '../../../components/ui/dialog';
import { TabStrip } from '../../../components/ui/tab-strip';
import { chatTime } from '../chat-text';
import type { Recipient } from './direct-message-dialog';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  ownSessionId: string | undefined;
  messages: readonly DirectMessage[] | undefined;
  failed: boolean;
  onReply: (recipient: Recipient) => void;
};

const statusStyles = {
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100',
  approved: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100',
  rejected: 'bg-red-100 text-red-900 dark:bg-red-900/60 dark:text-red-100',
} as const;
const statusLabels = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' } as const;

const tabs = [
  { value: 'received', label: 'Received', icon: Inbox },
  { value: 'sent', label: 'Sent', icon: Send },
] as const;

/** The visitor's direct messages (docs/product.md, Chat): those received, and those sent with their status. */
export function MessagesPanel({ open, onOpenChange, ownSessionId, messages, failed, onReply }: Props) {
  const received = (messages ?? []).filter((message) => message.toSessionId === ownSessionId);
  const sent = (messages ?? []).filter((message) => message.fromSessionId === ownSessionId);
  return (
    <Dialog
      placement="right"
      open={open}
      onOpenChange={onOpenChange}
      title="Messages"
      description="Direct messages reach their recipient once a moderator approves them."
    >
      {failed && (
        <p role="alert" className="mb-3 rounded-xl bg-red-50 p-3 text-red-800 dark:bg-red-950/50 dark:text-red-200">
          Failed to fetch messages
        </p>
      )}
      <Tabs.Root defaultValue={received.length > 0 || sent.length === 0 ? 'received' : 'sent'} className="space-y-4">
        <TabStrip label="Direct messages" tabs={tabs} />
        <Tabs.Content value="received">
          <MessageItems
            items={received}
            empty="No messages yet. Approved messages sent to you show here."
            render={(message) => (
              <>
                <p className="text-xs font-semibold text-gray-700 dark:text-gray-300">
                  From {message.fromSessionId.slice(0, 8)}
                </p>
                <Body message={message} />
                <button
                  type="button"
                  onClick={() => onReply({ sessionId: message.fromSessionId, nickname: null })}
                  className="mt-2 inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-sm font-semibold text-purple-800 hover:bg-purple-100 dark:text-purple-200 dark:hover:bg-purple-900/50"
                >
                  <Reply className="size-4" aria-hidden /> Reply
                </button>
              </>
            )}
          />
        </Tabs.Content>
        <Tabs.Content value="sent">
          <MessageItems
            items={sent}
            empty="You have not sent a direct message yet."
            render={(message) => (
              <>
                <p className="flex items-center justify-between gap-2 text-xs font-semibold text-gray-700 dark:text-gray-300">
                  To {message.toSessionId.slice(0, 8)}
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-bold ${statusStyles[message.status]}`}
                    data-testid="direct-message-status"
                  >
                    {statusLabels[message.status]}
                  </span>
                </p>
                <Body message={message} />
                {message.adminNote && (
                  <p className="mt-1 text-sm text-gray-700 italic dark:text-gray-300">Moderator: {message.adminNote}</p>
                )}
              </>
            )}
          />
        </Tabs.Content>
      </Tabs.Root>
    </Dialog>
  );
}

function MessageItems({
  items,
  empty,
  render,
}: {
  items: readonly DirectMessage[];
  empty: string;
  render: (message: DirectMessage) => React.ReactNode;
}) {
  if (items.length === 0) return <p className="py-6 text-center text-gray-700 dark:text-gray-300">{empty}</p>;
  return (
    <ul className="space-y-3">
      {items.map((message) => (
        <li
          key={message.id}
          data-testid="direct-message"
          className="rounded-2xl border border-gray-200 bg-gray-50 p-3 dark:border-gray-700 dark:bg-gray-900"
        >
          {render(message)}
        </li>
      ))}
    </ul>
  );
}

function Body({ message }: { message: DirectMessage }) {
  return (
    <>
      <p className="mt-1 break-words whitespace-pre-wrap text-gray-900 dark:text-gray-100">{message.content}</p>
      <time dateTime={message.createdAt} className="text-xs text-gray-600 dark:text-gray-400">
        {chatTime(message.createdAt)}
      </time>
    </>
  );
}
