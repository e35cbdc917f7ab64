import { z } from 'zod';
import { ZMailStatus } from './mail.ts';

// Settings → Reminders and the reminders of a bill (issue 41, docs/decisions/134).

/** The firm's reminders: missing-time e-mails (on by default), bill reminders (off by default). */
export const ZReminderSettings = z.object({
  missingTimeEnabled: z.boolean(),
  billRemindersEnabled: z.boolean(),
  version: z.number().int(),
});
export type TReminderSettings = z.infer<typeof ZReminderSettings>;

export const ZReminderSettingsBody = ZReminderSettings.strict();

/** One reminder sent (or kept as not sent) about a bill. */
export const ZBillReminder = z.object({
  step: z.number().int(),
  to: z.string(),
  subject: z.string().nullable(),
  status: ZMailStatus.nullable(),
  error: z.string().nullable(),
  messageId: z.uuid().nullable(),
  at: z.string(),
  attachments: z.array(z.string()),
});
export const ZBillReminders = z.object({ items: z.array(ZBillReminder) });
export type TBillReminders = z.infer<typeof ZBillReminders>;

export const ZBillReminderParams = z.object({ id: z.uuid() }).strict();
