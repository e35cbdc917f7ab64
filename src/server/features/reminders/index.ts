// Missing-time and bill reminders (issue 41, docs/decisions/134): Settings → Reminders, the Monday
// 9:00 e-mails, the reminders of past-due bills with the statement attached.
export { reminderRoutes } from './routes.ts';
/** @public The runs themselves, for the tests and a later "run now". */
export { sendMissingTimeReminders } from './missing-time.ts';
/** @public */
export { sendBillReminders } from './bill-reminders.ts';
