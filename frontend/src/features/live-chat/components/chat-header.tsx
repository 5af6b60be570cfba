import * as Menu from '@radix-ui/react-dropdown-menu';
import { anonymousChatNickname } from '@secretchatbox/contracts';
import { Hash, Menu as MenuIcon, MessageSquareWarning, MoreVertical, PenLine, Users } from 'lucide-react';
import { onlineLine, remainingLine } from '../chat-text';

type Props = {
  roomName: string;
  online: number;
  remaining: number;
  nickname: string | null;
  onOpenRooms: () => void;
  onContactAdmin: () => void;
  onChangeNickname: () => void;
};

const headerButton =
  'inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-semibold text-purple-800 hover:bg-purple-100 dark:text-purple-200 dark:hover:bg-purple-900/50';
const menuItem =
  'flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-purple-100 dark:data-[highlighted]:bg-purple-900/50';

/** The room's name, who is online, the messages left today, and the ways to reach a moderator. */
export function ChatHeader({
  roomName,
  online,
  remaining,
  nickname,
  onOpenRooms,
  onContactAdmin,
  onChangeNickname,
}: Props) {
  return (
    <header className="flex items-center gap-3 border-b border-gray-200 px-4 py-3 sm:px-6 dark:border-gray-700">
      <button type="button" onClick={onOpenRooms} aria-label="Open chat rooms" className={`${headerButton} md:hidden`}>
        <MenuIcon className="size-5" aria-hidden />
      </button>
      <div className="min-w-0 flex-1">
        <h2 className="flex items-center gap-1.5 truncate text-lg font-bold">
          <Hash className="size-5 shrink-0 text-purple-600 dark:text-purple-400" aria-hidden />
          {roomName}
        </h2>
        <p className="flex flex-wrap items-center gap-x-3 text-sm text-gray-700 dark:text-gray-300">
          <span className="inline-flex items-center gap-1">
            <span className="size-2 rounded-full bg-emerald-500" aria-hidden />
            <Users className="size-3.5" aria-hidden />
            <span data-testid="online-count">{onlineLine(online)}</span>
          </span>
          <span data-testid="messages-left">{remainingLine(remaining)}</span>
        </p>
      </div>
      <div className="hidden items-center gap-1 md:flex">
        <button type="button" onClick={onChangeNickname} className={headerButton}>
          <PenLine className="size-4" aria-hidden />{' '}
          <span className="sr-only">{`Change nickname (${nickname ?? anonymousChatNickname})`}</span>
          <span aria-hidden>{nickname ?? anonymousChatNickname}</span>
        </button>
        <button type="button" onClick={onContactAdmin} className={headerButton}>
          <MessageSquareWarning className="size-4" aria-hidden /> Contact Admin
        </button>
      </div>
      <Menu.Root>
        <Menu.Trigger aria-label="Chat menu" className={`${headerButton} md:hidden`}>
          <MoreVertical className="size-5" aria-hidden />
        </Menu.Trigger>
        <Menu.Portal>
          <Menu.Content
            align="end"
            sideOffset={6}
            className="z-50 min-w-48 rounded-2xl border border-gray-200 bg-white p-1.5 shadow-xl dark:border-gray-700 dark:bg-gray-800"
          >
            <Menu.Item onSelect={onChangeNickname} className={menuItem}>
              <PenLine className="size-4" aria-hidden /> Change nickname
            </Menu.Item>
            <Menu.Item onSelect={onContactAdmin} className={menuItem}>
              <MessageSquareWarning className="size-4" aria-hidden /> Contact Admin
            </Menu.Item>
          </Menu.Content>
        </Menu.Portal>
      </Menu.Root>
    </header>
  );
}
