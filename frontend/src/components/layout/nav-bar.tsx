import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Crown, Menu, Shield, Sparkles, X } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { ThemeToggle } from '../../features/theme/theme-toggle';
import { buttonStyles } from '../ui/styles';
import { Logo } from './logo';

const links = [
  { to: '/admin', label: 'Admin Login', icon: Shield },
  { to: '/vip', label: 'VIP', icon: Sparkles },
  { to: '/chief-login', label: 'Chief Login', icon: Crown },
] as const;

/**
 * Product name, tagline, theme toggle and the three links, each hidden on its own route; on
 * small screens the links move into a menu.
 */
export function NavBar() {
  const { pathname } = useLocation();
  const visible = links.filter((link) => link.to !== pathname);
  return (
    <header className="sticky top-0 z-40 border-b border-purple-100 bg-white/85 backdrop-blur dark:border-gray-800 dark:bg-gray-900/85">
      <nav aria-label="Main" className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
        <Logo />
        <div className="flex items-center gap-2">
          <ul className="hidden items-center gap-1 md:flex">
            {visible.map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <Link to={to} className={`${buttonStyles.base} ${buttonStyles.subtle}`}>
                  <Icon className="size-4" aria-hidden />
                  {label}
                </Link>
              </li>
            ))}
          </ul>
          <ThemeToggle />
          <DropdownMenu.Root>
            <DropdownMenu.Trigger
              aria-label="Menu"
              className="group grid size-10 place-items-center rounded-full text-gray-700 hover:bg-purple-100 md:hidden dark:text-gray-200 dark:hover:bg-purple-900/40"
            >
              <Menu className="size-5 group-data-[state=open]:hidden" aria-hidden />
              <X className="hidden size-5 group-data-[state=open]:block" aria-hidden />
            </DropdownMenu.Trigger>
            <DropdownMenu.Portal>
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
            </DropdownMenu.Portal>
          </DropdownMenu.Root>
        </div>
      </nav>
    </header>
  );
}
