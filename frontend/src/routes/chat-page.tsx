import type { College } from '@secretchatbox/contracts';
import * as Tabs from '@radix-ui/react-tabs';
import { MessageCircle, MessagesSquare } from 'lucide-react';
import { useState } from 'react';
import { Card } from '../components/ui/card';
import { SelectCollegeCard } from '../features/colleges/select-college-card';
import { useDailyLimit } from '../features/daily-limit/api';
import { LiveChatFrame } from '../features/live-chat/live-chat-frame';

const tabStyles =
  'flex flex-1 items-center justify-center gap-2 rounded-full px-4 py-2.5 font-semibold text-gray-700 transition data-[state=active]:bg-brand data-[state=active]:text-white dark:text-gray-200';

export default function ChatPage() {
  const [college, setCollege] = useState<College | null>(null);
  const { limit } = useDailyLimit();
  if (!college) return <SelectCollegeCard onSelect={setCollege} />;
  return (
    <div className="space-y-6">
      <header className="text-center">
        <h1 className="text-gradient text-4xl font-extrabold sm:text-5xl">Share Your Story Anonymously</h1>
        <p className="mt-3 text-gray-700 dark:text-gray-300">
          {college.name} ({college.code})
        </p>
        <p className="mt-4 inline-flex items-center gap-2 rounded-full bg-blue-50 px-4 py-2 text-sm font-medium text-blue-900 dark:bg-blue-950/60 dark:text-blue-100">
          <span aria-hidden>📝</span>
          <span data-testid="chat-remaining">{limit?.remaining ?? 5}</span> confessions remaining today
        </p>
      </header>
      <Tabs.Root defaultValue="confessions" className="space-y-6">
        <Tabs.List
          aria-label="Board"
          className="mx-auto flex max-w-md gap-2 rounded-full bg-white/80 p-1.5 shadow-sm dark:bg-gray-800/80"
        >
          <Tabs.Trigger value="confessions" className={tabStyles}>
            <MessageCircle className="size-4" aria-hidden /> Confessions
          </Tabs.Trigger>
          <Tabs.Trigger value="live-chat" className={tabStyles}>
            <MessagesSquare className="size-4" aria-hidden /> Live Chat
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="confessions">
          <Card className="p-10 text-center">
            <p className="text-lg font-semibold">No confessions found</p>
            <p className="mt-2 text-gray-700 dark:text-gray-300">Be the first to share a confession!</p>
          </Card>
        </Tabs.Content>
        <Tabs.Content value="live-chat">
          <LiveChatFrame collegeCode={college.code} />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
