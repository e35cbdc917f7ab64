// The timesheet feature as other features see it: the firm's timesheet settings (sign-in, accounting)
// and the week reminders (dashboard). The time-domain work merges this folder with time-tracking.
export { weekReminders } from './reminders.ts';
export { readTimesheetSettings } from './settings.ts';
