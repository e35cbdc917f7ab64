// Reminders (issue 41) as the settings and the bill page see them.
export { RemindersSection } from './reminders-section.tsx';
export { BillRemindersSection } from './bill-reminders.tsx';
