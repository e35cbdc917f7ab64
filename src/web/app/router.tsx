import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet } from 'react-router';
import { UnsavedChangesProvider } from '../shared/unsaved-changes.tsx';
import { AppUpdate } from './pwa/app-update.tsx';
import { RequireAuth, TitleSync } from './route-frame.tsx';
import { LoginPage } from '../features/auth/login-page.tsx';
import { LoadingOverlay } from '../ui/loading-overlay.tsx';

// The signed-in frame is its own chunk: the sign-in page never waits for it (issue 13).
const Shell = lazy(() => import('./shell.tsx'));
const DashboardPage = lazy(() => import('../features/dashboard/dashboard-page.tsx'));
const TestApiPage = lazy(() => import('../features/diagnostics/test-api-page.tsx'));
const ActionItemsPage = lazy(() => import('../features/action-items/action-items-page.tsx'));
const RadarDiagnosticPage = lazy(() => import('../features/address/radar-diagnostic-page.tsx'));
const TestAutocompletePage = lazy(() => import('../features/address/test-autocomplete-page.tsx'));
const AttorneysPage = lazy(() => import('../features/attorneys/attorneys-page.tsx'));
const CasePage = lazy(() => import('../features/clients/case-page.tsx'));
const ClientManagementPage = lazy(() => import('../features/clients/client-management-page.tsx'));
const DraftsPage = lazy(() => import('../features/clients/drafts-page.tsx'));
const ExistingClientsPage = lazy(() => import('../features/clients/existing-clients-page.tsx'));
const NewClientLegacyPage = lazy(() => import('../features/clients/new-client-legacy-page.tsx'));
const NewClientPage = lazy(() => import('../features/clients/new-client-page.tsx'));
const ProjectCreationPromptPage = lazy(() => import('../features/clients/project-creation-prompt-page.tsx'));
const ProjectPage = lazy(() => import('../features/clients/project-page.tsx'));
const FieldReportsPage = lazy(() => import('../features/field-reports/field-reports-page.tsx'));
const FieldReportPage = lazy(() => import('../features/field-reports/field-report-page.tsx'));
const EvidencePage = lazy(() => import('../features/evidence/evidence-page.tsx'));
const RateCodesPage = lazy(() => import('../features/rate-codes/rate-codes-page.tsx'));
const Rule26Page = lazy(() => import('../features/testimony/rule26-page.tsx'));
const SettingsPage = lazy(() => import('../features/settings/settings-page.tsx'));
const ReportsPage = lazy(() => import('../features/reports/reports-page.tsx'));
const AccountingPage = lazy(() => import('../features/billing/accounting-page.tsx'));
const BillPage = lazy(() => import('../features/billing/bills/bill-page.tsx'));
const StatementPage = lazy(() => import('../features/billing/retainers/statement-page.tsx'));
const TimeTrackingPage = lazy(() => import('../features/time-tracking/time-tracking-page.tsx'));
const TimesheetPage = lazy(() => import('../features/timesheet/timesheet-page.tsx'));
const TimesheetApprovalsPage = lazy(() => import('../features/timesheet/approvals-page.tsx'));
const SetupPage = lazy(() => import('../features/first-run/setup-page.tsx'));
// A client's view of a shared report: outside the app's frame (no session, no service worker, no update prompt).
const SharedReportPage = lazy(() => import('../features/shared-report/shared-report-page.tsx'));

function Root() {
  return (
    <UnsavedChangesProvider>
      <TitleSync />
      <Suspense fallback={<LoadingOverlay />}>
        <Outlet />
      </Suspense>
      <AppUpdate />
    </UnsavedChangesProvider>
  );
}

export const router = createBrowserRouter([
  { path: '/shared/:token', element: <Suspense fallback={<LoadingOverlay />}><SharedReportPage /></Suspense> },
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
              { path: '/new-client', element: <ClientManagementPage /> },
              { path: '/clients/new', element: <NewClientPage /> },
              { path: '/clients/new-legacy', element: <NewClientLegacyPage /> },
              { path: '/clients/drafts', element: <DraftsPage /> },
              { path: '/project-creation-prompt', element: <ProjectCreationPromptPage /> },
              { path: '/existing-clients', element: <ExistingClientsPage /> },
              { path: '/case/:id', element: <CasePage /> },
              { path: '/project/:id', element: <ProjectPage /> },
              { path: '/attorneys', element: <AttorneysPage /> },
              { path: '/rate-codes', element: <RateCodesPage /> },
              // One address per section; /settings and /admin-settings open the first one the person may open.
              { path: '/settings/:section?', element: <SettingsPage /> },
              { path: '/admin-settings', element: <SettingsPage /> },
              { path: '/test-autocomplete', element: <TestAutocompletePage /> },
              { path: '/radar-diagnostic', element: <RadarDiagnosticPage /> },
              { path: '/time-tracking', element: <TimeTrackingPage /> },
              { path: '/timesheet', element: <TimesheetPage /> },
              { path: '/timesheet/approvals', element: <TimesheetApprovalsPage /> },
              { path: '/action-items', element: <ActionItemsPage /> },
              { path: '/field-reports', element: <FieldReportsPage /> },
              { path: '/field-reports/:id', element: <FieldReportPage /> },
              { path: '/evidence/:id', element: <EvidencePage /> },
              { path: '/reports', element: <ReportsPage /> },
              { path: '/testimony', element: <Rule26Page /> },
              { path: '/accounting', element: <AccountingPage /> },
              { path: '/accounting/bills/:id', element: <BillPage /> },
              { path: '/accounting/statements', element: <StatementPage /> },
              { path: '/setup', element: <SetupPage /> },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/dashboard" replace /> },
    ],
  },
]);
