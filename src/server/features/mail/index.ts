// The mail feature's face to the others (issue 41, docs/decisions/131): queueMail(tx, { key, to, subject,
// text, html?, attachments?, hasMoney }) in your own transaction; the 'mail' job sends it (or keeps it
// as not sent when no SMTP server is set). The key makes it once: the same key again queues nothing.
/** @public The outbox's one way in: deadline, time, bill and budget reminders will call it (issue 41). */
export { queueMail } from './outbox.ts';
export { mailRoutes } from './routes.ts';
