import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Toaster } from '../../features/notifications/toaster';
import { Spinner } from '../ui/spinner';
import { NavBar } from './nav-bar';

export function AppShell() {
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
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Toaster />
    </>
  );
}
