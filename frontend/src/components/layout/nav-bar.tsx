import { Crown, Menu, Shield, Sparkles, X } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ThemeToggle } from '../../features/theme/theme-toggle';
import { buttonStyles } from '../ui/styles';
import { Logo } from './logo';

const links = [
  { to: '/admin', label: 'Admin Login', icon: Shield },
  { to: '/vip', label: 'VIP', icon: Sparkles },
  { to: '/chief-login', label: 'Chief Login', icon: Crown },
] as const;

/** Product name, tagline, theme toggle and the three links, each hidden on its own route. */
export function NavBar() {
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
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
          <button
            type="button"
            className="grid size-10 place-items-center rounded-full text-gray-700 hover:bg-purple-100 md:hidden dark:text-gray-200 dark:hover:bg-purple-900/40"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X className="size-5" aria-hidden /> : <Menu className="size-5" aria-hidden />}
          </button>
        </div>
      </nav>
      {menuOpen && (
        <ul id="mobile-menu" className="space-y-1 border-t border-purple-100 px-4 py-3 md:hidden dark:border-gray-800">
          {visible.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <Link
                to={to}
                onClick={() => setMenuOpen(false)}
                className={`${buttonStyles.base} ${buttonStyles.subtle} w-full justify-start`}
              >
                <Icon className="size-4" aria-hidden />
                {label}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </header>
  );
}
