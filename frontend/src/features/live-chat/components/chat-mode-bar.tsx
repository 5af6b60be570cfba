import { Hash, Mail, Shuffle } from 'lucide-react';

export type ChatMode = 'rooms' | 'random';

type Props = {
  mode: ChatMode;
  onMode: (mode: ChatMode) => void;
  /** Approved direct messages received since the visitor last opened Messages. */
  unreadMessages: number;
  onOpenMessages: () => void;
};

const modes = [
  { value: 'rooms', label: 'Chat Rooms', icon: Hash },
  { value: 'random', label: 'Random Chat', icon: Shuffle },
] as const;

/** Rooms or a random partner, and the visitor's direct messages with their unread count. */
export function ChatModeBar({ mode, onMode, unreadMessages, onOpenMessages }: Props) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <div
        role="radiogroup"
        aria-label="Chat mode"
        className="flex gap-1 rounded-full bg-white/80 p-1 shadow-sm dark:bg-gray-800/80"
      >
        {modes.map(({ value, label, icon: Icon }) => (
          <button
            key={value}
            type="button"
            role="radio"
            aria-checked={mode === value}
            onClick={() => onMode(value)}
            className="aria-checked:bg-brand flex items-center gap-1.5 rounded-full px-3 py-2 text-sm sm:gap-2 sm:px-4 font-semibold whitespace-nowrap text-gray-700 transition aria-checked:text-white dark:text-gray-200"
          >
            <Icon className="size-4" aria-hidden /> {label}
          </button>
        ))}
      </div>
      <button
        type="button"
        onClick={onOpenMessages}
        aria-label={unreadMessages > 0 ? `Messages (${unreadMessages} unread)` : 'Messages'}
        className="relative ml-auto inline-flex items-center gap-1.5 rounded-full bg-white/80 px-4 py-2 text-sm font-semibold text-purple-800 shadow-sm hover:bg-purple-100 dark:bg-gray-800/80 dark:text-purple-200 dark:hover:bg-purple-900/50"
      >
        <Mail className="size-4" aria-hidden /> <span className="hidden sm:inline">Messages</span>
        {unreadMessages > 0 && (
          <span
            data-testid="unread-badge"
            className="absolute -top-1.5 -right-1.5 grid min-w-5 place-items-center rounded-full bg-pink-600 px-1 text-xs font-bold text-white"
          >
            {unreadMessages}
          </span>
        )}
      </button>
    </div>
  );
}
