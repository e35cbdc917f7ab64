// The time domain's door (docs/decisions/128): other features, app.ts, the seed and the benches
// reach `time` through this file only. Inside, the sub-modules are
//  - entries/   the one writer of time entries (write.ts) and how entries are read (views, weeks,
//               rates, who may change what);
//  - tracking/  the time-tracking page: project search, a project's entries, expense entries;
//  - timesheet/ the week: the sheet, its rows, submit → approve → lock, approvals, settings;
//  - timer/     the timer and the day's suggestions.

export { timeTrackingRoutes } from './tracking/routes.ts';
export { timesheetRoutes } from './timesheet/routes.ts';
export { timerRoutes } from './timer/routes.ts';

export type { Viewer } from './entries/access.ts';
export { bookEntry, importTimeEntries } from './entries/write.ts';
export { projectHit, type ProjectRow } from './tracking/project-search.ts';
export { readTimesheetSettings } from './timesheet/settings.ts';
export { weekReminders } from './timesheet/reminders.ts';
export { moveWeek, type WeekAction } from './timesheet/week-actions.ts';
