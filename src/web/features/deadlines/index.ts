// The deadlines feature as other features see it (issue 41): the dashboard's reminders and next 14
// days, the case page's section and Settings → Deadlines.
export { DeadlineReminders, UpcomingDeadlines } from './dashboard-deadlines.tsx';
export { CaseDeadlinesSection } from './case-deadlines.tsx';
export { DeadlinesSettingsSection } from './settings-section.tsx';
