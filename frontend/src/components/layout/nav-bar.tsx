import { Crown, Shield, Sparkles } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import { ThemeToggle } from '../theme/theme-toggle';
import { buttonStyles } from '../ui/styles';
import { Logo } from './logo';
import { MenuButton } from './menu-button';

// Radix's menu is a fifth of the first bundle; the landing page paints without it.
const MobileMenu = lazy(() => import('./mobile-menu'));

export const links = [
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
    <header className="sticky top-0 z-40 border-b border-purple-100 bg-white/95 dark:border-gray-800 dark:bg-gray-900/95">
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
          <Suspense fallback={<MenuButton />}>
            <MobileMenu links={visible} />
          </Suspense>
        </div>
      </nav>
    </header>
  );
}
