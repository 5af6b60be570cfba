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
import { SharedConfession, sharedConfessionGone } from '../features/confessions/components/shared-confession';
import { useDailyLimit } from '../features/daily-limit/api';
import { LiveChatFrame } from '../features/live-chat/components/live-chat-frame';
import { PlatformStatsCard } from '../features/stats/platform-stats-card';
import { storage } from '../lib/storage';
import { usePageTitle } from '../lib/use-page-title';

const tabStyles =
  'flex flex-1 items-center justify-center gap-2 rounded-full px-4 py-2.5 font-semibold text-gray-700 transition data-[state=active]:bg-brand data-[state=active]:text-white dark:text-gray-200';

/** A shared link (`/chat?confession=<id>`) opens the board of that confession's college. */
function useSharedConfession(colleges: readonly College[] | undefined) {
  const [params, setParams] = useSearchParams();
  const id = params.get('confession');
  const { data: shared, isLoading, isError } = useGetConfessionQuery(id ?? '', { skip: !id });
  const close = () => setParams((current) => (current.delete('confession'), current), { replace: true });
  const college = colleges?.find((candidate) => candidate.code === shared?.collegeCode);
  return { id, college, loading: isLoading, gone: isError, close };
}

/** The college of the board: the one chosen here, else a shared link's, else the one chosen last time. */
function useBoardCollege() {
  const { data: colleges, isLoading } = useGetCollegesQuery();
  const [picked, setPicked] = useState<string | null>(null);
  const [remembered] = useState(() => storage.get('chosenCollege'));
  const shared = useSharedConfession(colleges);
  const byCode = (code: string | null) => colleges?.find((college) => college.code === code);
  const choose = (college: College) => {
    storage.set('chosenCollege', college.code);
    setPicked(college.code);
  };
  return {
    college: byCode(picked) ?? shared.college ?? byCode(remembered),
    shared,
    loading: isLoading || shared.loading,
    choose,
  };
}

export default function ChatPage() {
  usePageTitle('Confessions & Live Chat');
  const { college, shared, loading, choose } = useBoardCollege();
  const [changing, setChanging] = useState(false);
  const { limit } = useDailyLimit();
  // Live Chat mounts when first opened and then stays, as the Confessions tab does, so that
  // switching tabs keeps both drafts.
  const [tab, setTab] = useState('confessions');
  const [chatOpened, setChatOpened] = useState(false);
  if (!college && loading) return <Spinner label="Opening the board" />;
  if (!college || changing) {
    return (
      <SelectCollegeCard
        notice={!college && shared.gone ? sharedConfessionGone : undefined}
        onCancel={college ? () => setChanging(false) : undefined}
        onSelect={(picked) => {
          choose(picked);
          setChanging(false);
        }}
      />
    );
  }
  const remaining = limit?.remaining ?? limits.dailyConfessions;
  return (
    <div className="space-y-6">
      <header className="text-center">
        <h1 className="text-gradient text-4xl font-extrabold sm:text-5xl">Share Your Story Anonymously</h1>
        <p className="mt-3 flex flex-wrap items-center justify-center gap-x-3 gap-y-1 text-gray-700 dark:text-gray-300">
          <span>
            {college.name} ({college.code})
          </span>
          <button
            type="button"
            onClick={() => setChanging(true)}
            className="rounded-full px-3 py-1 text-sm font-semibold text-purple-700 underline-offset-4 hover:underline dark:text-purple-300"
          >
            Change college
          </button>
        </p>
        <p className="mt-4 inline-flex items-center gap-2 rounded-full bg-blue-50 px-4 py-2 text-sm font-medium text-blue-900 dark:bg-blue-950/60 dark:text-blue-100">
          <span aria-hidden>📝</span>
          <span data-testid="chat-remaining">{remaining}</span> confessions remaining today
        </p>
      </header>
      <Tabs.Root
        value={tab}
        onValueChange={(value) => {
          setTab(value);
          if (value === 'live-chat') setChatOpened(true);
        }}
        className="space-y-6"
      >
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
        <Tabs.Content
          value="confessions"
          forceMount
          hidden={tab !== 'confessions'}
          className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]"
        >
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
            <PlatformStatsCard collegeCode={college.code} />
            <JoinCommunityCard />
          </aside>
        </Tabs.Content>
        {chatOpened && (
          <Tabs.Content value="live-chat" forceMount hidden={tab !== 'live-chat'}>
            <LiveChatFrame
              collegeCode={college.code}
              remaining={limit?.chat.remaining ?? limits.dailyChatMessages}
              active={tab === 'live-chat'}
            />
          </Tabs.Content>
        )}
      </Tabs.Root>
    </div>
  );
}
