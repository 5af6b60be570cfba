import { type College, limits } from '@secretchatbox/contracts';
import * as Tabs from '@radix-ui/react-tabs';
import { MessageCircle, MessagesSquare } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { useGetCollegesQuery } from '../features/colleges/api';
import { SelectCollegeCard } from '../features/colleges/select-college-card';
import { useGetConfessionQuery } from '../features/confessions/api/confessions';
import { ConfessionBoard } from '../features/confessions/components/confession-board';
import { ConfessionForm } from '../features/confessions/components/confession-form';
import { DailyLimitPanel } from '../features/confessions/components/daily-limit-panel';
import { JoinCommunityCard } from '../features/confessions/components/join-community-card';
import { SharedConfession } from '../features/confessions/components/shared-confession';
import { useDailyLimit } from '../features/daily-limit/api';
import { LiveChatFrame } from '../features/live-chat/components/live-chat-frame';
import { PlatformStatsCard } from '../features/stats/platform-stats-card';

const tabStyles =
  'flex flex-1 items-center justify-center gap-2 rounded-full px-4 py-2.5 font-semibold text-gray-700 transition data-[state=active]:bg-brand data-[state=active]:text-white dark:text-gray-200';

/** A shared link (`/chat?confession=<id>`) opens the board of that confession's college. */
function useSharedConfession() {
  const [params, setParams] = useSearchParams();
  const id = params.get('confession');
  const { data: shared, isLoading } = useGetConfessionQuery(id ?? '', { skip: !id });
  const { data: colleges } = useGetCollegesQuery(undefined, { skip: !shared });
  const close = () => setParams((current) => (current.delete('confession'), current), { replace: true });
  return { id, college: colleges?.find((college) => college.code === shared?.collegeCode), loading: isLoading, close };
}

export default function ChatPage() {
  const [chosen, setChosen] = useState<College | null>(null);
  const shared = useSharedConfession();
  const { limit } = useDailyLimit();
  const college = chosen ?? shared.college;
  if (!college && shared.loading) return <Spinner label="Opening the shared confession" />;
  if (!college) return <SelectCollegeCard onSelect={setChosen} />;
  const remaining = limit?.remaining ?? limits.dailyConfessions;
  return (
    <div className="space-y-6">
      <header className="text-center">
        <h1 className="text-gradient text-4xl font-extrabold sm:text-5xl">Share Your Story Anonymously</h1>
        <p className="mt-3 text-gray-700 dark:text-gray-300">
          {college.name} ({college.code})
        </p>
        <p className="mt-4 inline-flex items-center gap-2 rounded-full bg-blue-50 px-4 py-2 text-sm font-medium text-blue-900 dark:bg-blue-950/60 dark:text-blue-100">
          <span aria-hidden>📝</span>
          <span data-testid="chat-remaining">{remaining}</span> confessions remaining today
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
        <Tabs.Content value="confessions" className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="min-w-0 space-y-6">
            {shared.id && <SharedConfession confessionId={shared.id} onClose={shared.close} />}
            {remaining > 0 ? (
              <ConfessionForm collegeCode={college.code} />
            ) : (
              <DailyLimitPanel resetsAt={limit?.resetsAt} />
            )}
            <ConfessionBoard collegeCode={college.code} />
          </div>
          <aside className="space-y-6" aria-label="About the board">
            <PlatformStatsCard />
            <JoinCommunityCard />
          </aside>
        </Tabs.Content>
        <Tabs.Content value="live-chat">
          <LiveChatFrame collegeCode={college.code} remaining={limit?.chat.remaining ?? limits.dailyChatMessages} />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
