import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link } from 'react-router';
import { MenuButton } from './menu-button';
import type { links } from './nav-bar';

/** The nav bar's links on small screens, in an accessible menu. */
export default function MobileMenu({ links: visible }: { links: readonly (typeof links)[number][] }) {
  return (
    // Not modal: a modal menu hides the page from screen readers while its links stay focusable.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <MenuButton />
      </DropdownMenu.Trigger>
      {/* In place, not in a portal: the menu stays inside the page's navigation landmark. */}
      <DropdownMenu.Content
        align="end"
        sideOffset={8}
        className="z-50 min-w-48 rounded-2xl border border-purple-100 bg-white p-2 shadow-xl dark:border-gray-700 dark:bg-gray-800"
      >
        {visible.map(({ to, label, icon: Icon }) => (
          <DropdownMenu.Item key={to} asChild>
            <Link
              to={to}
              className="flex items-center gap-2 rounded-xl px-3 py-2 text-sm font-semibold text-gray-800 outline-none data-[highlighted]:bg-purple-100 data-[highlighted]:text-purple-900 dark:text-gray-100 dark:data-[highlighted]:bg-purple-900/50 dark:data-[highlighted]:text-purple-100"
            >
              <Icon className="size-4" aria-hidden />
              {label}
            </Link>
          </DropdownMenu.Item>
        ))}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
