import { pagePaths } from '@secretchatbox/contracts';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppShell, AppShellLoading } from '../components/layout/app-shell';
import LandingPage from '../routes/landing-page';

/**
 * The landing page ships in the first bundle; every other route's code loads when it is visited.
 * The router loads it before it shows the page: a component that suspended instead (React.lazy)
 * held the page back another 300 ms, React's pause before it replaces a fallback.
 */
const page =
  <Module,>(load: () => Promise<Module>, pick: (module: Module) => ComponentType) =>
  async () => ({ Component: pick(await load()) });
const defaultExport = (module: { default: ComponentType }) => module.default;
const dashboards = () => import('../routes/guarded-dashboards');

export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    HydrateFallback: AppShellLoading,
    children: [
      { path: pagePaths.landing, element: <LandingPage /> },
      { path: pagePaths.chat, lazy: page(() => import('../routes/chat-page'), defaultExport) },
      { path: pagePaths.admin, lazy: page(() => import('../routes/admin-page'), defaultExport) },
      { path: pagePaths.vip, lazy: page(() => import('../routes/vip-page'), defaultExport) },
      { path: pagePaths.chiefLogin, lazy: page(() => import('../routes/chief-login-page'), defaultExport) },
      { path: pagePaths.chiefDashboard, lazy: page(dashboards, (m) => m.ChiefDashboardPage) },
      { path: pagePaths.normalAdminDashboard, lazy: page(dashboards, (m) => m.NormalAdminDashboardPage) },
      { path: pagePaths.collegeAdminDashboard, lazy: page(dashboards, (m) => m.CollegeAdminDashboardPage) },
      { path: pagePaths.auditorDashboard, lazy: page(dashboards, (m) => m.AuditorDashboardPage) },
      { path: '*', lazy: page(() => import('../routes/not-found-page'), defaultExport) },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
