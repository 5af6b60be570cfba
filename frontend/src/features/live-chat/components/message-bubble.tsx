import { anonymousChatNickname } from '@secretchatbox/contracts';
import { AlertCircle, Loader2, Mail, RotateCw, ShieldCheck } from 'lucide-react';
import type { ChatEntry } from '../history-cache';
import { chatTime } from '../chat-text';

type Props = {
  message: ChatEntry;
  own: boolean;
  onRetry: (message: ChatEntry) => void;
  /** Another student's message: its author can be sent a direct message. */
  onMessageAuthor: (message: ChatEntry) => void;
};

const bubbleStyles = {
  own: 'bg-brand text-white rounded-br-md',
  other:
    'bg-white text-gray-900 rounded-bl-md border border-gray-200 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100',
  admin:
    'bg-amber-50 text-amber-950 rounded-bl-md border-2 border-amber-300 dark:border-amber-500/70 dark:bg-amber-950/40 dark:text-amber-50',
  failed: 'bg-red-50 text-red-900 rounded-br-md border-2 border-red-400 dark:bg-red-950/50 dark:text-red-100',
} as const;

/** One message: own on the right, others on the left, moderators' marked and styled apart. */
export function MessageBubble({ message, own, onRetry, onMessageAuthor }: Props) {
  const failed = message.status === 'failed';
  const style = failed ? 'failed' : own ? 'own' : message.isAdmin ? 'admin' : 'other';
  return (
    <li
      className={`flex ${own ? 'justify-end' : 'justify-start'}`}
      data-testid="chat-message"
      data-status={message.status ?? 'sent'}
    >
      <div className={`flex max-w-[85%] flex-col gap-1 sm:max-w-[70%] ${own ? 'items-end' : 'items-start'}`}>
        {!own && (
          <span className="flex items-center gap-1 px-1 text-xs font-semibold text-gray-700 dark:text-gray-300">
            {message.isAdmin && <ShieldCheck className="size-3.5 text-amber-600 dark:text-amber-400" aria-hidden />}
            {/* A moderator without a nickname goes by the badge alone. */}
            {message.nickname ?? (message.isAdmin ? null : anonymousChatNickname)}
            {message.isAdmin ? (
              <span className="rounded-full bg-amber-200 px-1.5 py-0.5 text-[10px] font-bold tracking-wide text-amber-900 uppercase dark:bg-amber-800 dark:text-amber-100">
                Moderator
              </span>
            ) : (
              <button
                type="button"
                onClick={() => onMessageAuthor(message)}
                aria-label={`Send direct message to ${message.nickname ?? anonymousChatNickname}`}
                title="Send direct message"
                className="rounded-full p-1 text-purple-700 hover:bg-purple-100 dark:text-purple-300 dark:hover:bg-purple-900/50"
              >
                <Mail className="size-3.5" aria-hidden />
              </button>
            )}
          </span>
        )}
        <div className={`rounded-2xl px-4 py-2 shadow-sm ${bubbleStyles[style]}`}>
          <p className="break-words whitespace-pre-wrap">{message.content}</p>
        </div>
        <span className="flex items-center gap-1.5 px-1 text-xs text-gray-600 dark:text-gray-400">
          {message.status === 'sending' && <Loader2 className="size-3 animate-spin" aria-label="Sending" />}
          {failed ? (
            <>
              <AlertCircle className="size-3.5 text-red-600 dark:text-red-400" aria-hidden />
              <span className="font-semibold text-red-700 dark:text-red-300">Not sent</span>
              <button
                type="button"
                onClick={() => onRetry(message)}
                className="inline-flex items-center gap-1 rounded-full px-2 py-0.5 font-semibold text-red-700 hover:bg-red-100 dark:text-red-300 dark:hover:bg-red-900/50"
              >
                <RotateCw className="size-3" aria-hidden /> Retry
              </button>
            </>
          ) : (
            <time dateTime={message.createdAt}>{chatTime(message.createdAt)}</time>
          )}
        </span>
      </div>
    </li>
  );
}
