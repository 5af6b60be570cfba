import { MessageSquare } from 'lucide-react';
import { Link } from 'react-router';

export function Logo() {
  return (
    <Link to="/" className="flex items-center gap-3 rounded-xl">
      <span className="relative">
        <MessageSquare className="size-9 text-purple-600 dark:text-purple-400" aria-hidden />
        <span className="absolute -top-0.5 -right-0.5 size-3 rounded-full bg-pink-500 ring-2 ring-white dark:ring-gray-900" />
      </span>
      <span className="flex flex-col leading-tight">
        <span className="text-gradient text-xl font-bold sm:text-2xl">SecretChatBox</span>
        <span className="text-xs text-gray-600 sm:text-sm dark:text-gray-300">Anonymous campus confessions</span>
      </span>
    </Link>
  );
}
