import { MessagesSquare } from 'lucide-react';
import { useLayoutEffect, useRef } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { useGetChatHistoryInfiniteQuery } from '../api';
import type { ChatEntry } from '../history-cache';
import { MessageBubble } from './message-bubble';

type Props = {
  roomId: string;
  ownSessionId: string | undefined;
  onRetry: (message: ChatEntry) => void;
  onMessageAuthor: (message: ChatEntry) => void;
};

/**
 * The room's messages, oldest at the top. It scrolls to the bottom when a message arrives, and
 * keeps its place when older ones load above.
 */
export function MessageList({ roomId, ownSessionId, onRetry, onMessageAuthor }: Props) {
  const history = useGetChatHistoryInfiniteQuery(roomId);
  const messages = [...(history.data?.pages ?? [])].reverse().flatMap((page) => page.items);
  const frame = useRef<HTMLDivElement>(null);
  const seen = useRef({ lastId: '', height: 0 });
  const lastId = messages.at(-1)?.id ?? '';

  useLayoutEffect(() => {
    const element = frame.current;
    if (!element) return;
    if (lastId !== seen.current.lastId) element.scrollTop = element.scrollHeight;
    // Older messages came in above: stay on the ones being read.
    else element.scrollTop += element.scrollHeight - seen.current.height;
    seen.current = { lastId, height: element.scrollHeight };
  });

  if (history.isLoading) return <Spinner label="Loading messages" />;
  if (history.isError) {
    return (
      <p role="alert" className="m-6 rounded-xl bg-red-50 p-3 text-red-800 dark:bg-red-950/50 dark:text-red-200">
        Failed to fetch messages
      </p>
    );
  }
  return (
    <div ref={frame} className="min-h-0 flex-1 overflow-y-auto px-4 py-4 sm:px-6" data-testid="message-scroller">
      {history.hasNextPage && (
        <div className="mb-4 flex justify-center">
          <button
            type="button"
            onClick={() => void history.fetchNextPage()}
            // RTK Query drops a next page asked for while the history is read again (after a join).
            disabled={history.isFetching}
            className="rounded-full bg-purple-100 px-4 py-1.5 text-sm font-semibold text-purple-900 hover:bg-purple-200 disabled:opacity-60 dark:bg-purple-900/50 dark:text-purple-100 dark:hover:bg-purple-900"
          >
            {history.isFetchingNextPage ? 'Loading…' : 'Load older messages'}
          </button>
        </div>
      )}
      {messages.length === 0 && (
        <div className="grid h-full place-items-center py-10 text-center">
          <div>
            <MessagesSquare className="mx-auto mb-3 size-10 text-purple-400" aria-hidden />
            <p className="text-lg font-semibold">No messages yet.</p>
            <p className="mt-1 text-gray-700 dark:text-gray-300">Be the first to start the conversation!</p>
          </div>
        </div>
      )}
      {/* There from the start, even empty, so that screen readers announce the first message too. */}
      <div role="log" aria-live="polite" aria-label="Messages">
        <ol className="space-y-3">
          {messages.map((message) => (
            <MessageBubble
              key={message.id}
              message={message}
              own={message.sessionId === ownSessionId}
              onRetry={onRetry}
              onMessageAuthor={onMessageAuthor}
            />
          ))}
        </ol>
      </div>
    </div>
  );
}
