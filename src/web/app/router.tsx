import { lazy } from 'react';
import { createBrowserRouter, Navigate, Outlet } from 'react-router';
import { UnsavedChangesProvider } from './unsaved-changes.tsx';
import { RequireAuth, Shell, TitleSync } from './shell.tsx';
import { LoginPage } from '../features/auth/login-page.tsx';
import { PendingScreen } from '../ui/pending-screen.tsx';

const DashboardPage = lazy(() => import('../features/dashboard/dashboard-page.tsx'));
const TestApiPage = lazy(() => import('../features/diagnostics/test-api-page.tsx'));

// Screens whose capability is still an open issue: they show their title and say so, nothing pretend.
const PENDING = [
  'time-tracking', 'action-items', 'new-client', 'clients/new', 'clients/new-legacy', 'clients/drafts',
  'project-creation-prompt', 'existing-clients', 'case/:id', 'project/:id', 'reports', 'field-reports',
  'accounting', 'rate-codes', 'settings', 'admin-settings', 'attorneys', 'test-autocomplete', 'radar-diagnostic',
];

function Root() {
  return (
    <UnsavedChangesProvider>
      <TitleSync />
      <Outlet />
    </UnsavedChangesProvider>
  );
}

export const router = createBrowserRouter([
  {
    element: <Root />,
    children: [
      { path: '/', element: <Navigate to="/login" replace /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/test-api', element: <Shell />, children: [{ index: true, element: <TestApiPage /> }] },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <Shell />,
            children: [
              { path: '/dashboard', element: <DashboardPage /> },
              ...PENDING.map((path) => ({ path: `/${path}`, element: <PendingScreen /> })),
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/dashboard" replace /> },
    ],
  },
]);
