import { lazy } from 'react';

// The deadlines feature as other features see it (issue 41): the dashboard's two parts (light), and
// the case page's section and Settings → Deadlines, each its own chunk fetched when first shown.
export { DeadlineReminders, UpcomingDeadlines } from './dashboard-deadlines.tsx';
export const CaseDeadlinesSection = lazy(() => import('./case-deadlines.tsx').then((m) => ({ default: m.CaseDeadlinesSection })));
export const DeadlinesSettingsSection = lazy(() => import('./settings-section.tsx').then((m) => ({ default: m.DeadlinesSettingsSection })));
