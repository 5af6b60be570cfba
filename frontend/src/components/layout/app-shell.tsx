import { lazy, type ReactNode, Suspense } from 'react';
import { useAppSelector } from '../../app/hooks';
import { Outlet } from 'react-router';
import { Spinner } from '../ui/spinner';
import { NavBar } from './nav-bar';

// Notifications follow an action, never the first paint: their code loads with the first one.
const Toaster = lazy(() => import('../notifications/toaster'));

export function AppShell() {
  return <Shell page={<Outlet />} />;
}

/** The shell while the first page's code loads (the router's HydrateFallback). */
export function AppShellLoading() {
  return <Shell page={<Spinner />} />;
}

function Shell({ page }: { page: ReactNode }) {
  const hasNotifications = useAppSelector((state) => state.notifications.items.length > 0);
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 text-purple-800 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <NavBar />
      <main id="main" className="mx-auto w-full max-w-6xl px-4 py-8">
        {page}
      </main>
      {hasNotifications && (
        <Suspense>
          <Toaster />
        </Suspense>
      )}
    </>
  );
}
