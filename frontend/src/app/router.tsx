import { pagePaths } from '@secretchatbox/contracts';
import { lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import { AppShell } from '../components/layout/app-shell';
import LandingPage from '../routes/landing-page';

// The landing page ships in the first bundle; every other route loads when it is visited.
const ChatPage = lazy(() => import('../routes/chat-page'));
const AdminPage = lazy(() => import('../routes/admin-page'));
const VipPage = lazy(() => import('../routes/vip-page'));
const ChiefLoginPage = lazy(() => import('../routes/chief-login-page'));
const NotFoundPage = lazy(() => import('../routes/not-found-page'));
const ChiefDashboardPage = lazy(() =>
  import('../routes/guarded-dashboards').then((m) => ({ default: m.ChiefDashboardPage })),
);
const CollegeAdminDashboardPage = lazy(() =>
  import('../routes/guarded-dashboards').then((m) => ({ default: m.CollegeAdminDashboardPage })),
);
const AuditorDashboardPage = lazy(() =>
  import('../routes/guarded-dashboards').then((m) => ({ default: m.AuditorDashboardPage })),
);
const NormalAdminDashboardPage = lazy(() =>
  import('../routes/guarded-dashboards').then((m) => ({ default: m.NormalAdminDashboardPage })),
);

export const routes = [
  {
    element: <AppShell />,
    children: [
      { path: pagePaths.landing, element: <LandingPage /> },
      { path: pagePaths.chat, element: <ChatPage /> },
      { path: pagePaths.admin, element: <AdminPage /> },
      { path: pagePaths.vip, element: <VipPage /> },
      { path: pagePaths.chiefLogin, element: <ChiefLoginPage /> },
      { path: pagePaths.chiefDashboard, element: <ChiefDashboardPage /> },
      { path: pagePaths.normalAdminDashboard, element: <NormalAdminDashboardPage /> },
      { path: pagePaths.collegeAdminDashboard, element: <CollegeAdminDashboardPage /> },
      { path: pagePaths.auditorDashboard, element: <AuditorDashboardPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
