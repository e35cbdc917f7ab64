import { z } from 'zod';
import { MAIL_LIMITS } from '../mail.ts';
import { ZText } from './common.ts';

// Settings → E-mail and its Sent mail (issue 41, docs/decisions/131).

export const ZMailSecurity = z.enum(['starttls', 'tls', 'none']);
export type TMailSecurity = z.infer<typeof ZMailSecurity>;

/**
 * An e-mail address: too long is refused with the app's limit words first (a 2,000-character
 * paste names its length), then the form of an address.
 */
export const ZMailAddress = ZText(MAIL_LIMITS.address).pipe(z.email('Please enter a valid e-mail address'));
/** The same, or '' for none. */
const ZOptionalMailAddress = ZText(MAIL_LIMITS.address).pipe(z.union([z.literal(''), z.email('Please enter a valid e-mail address')]));

/** The settings as the page shows them: the password never, only whether one is saved. */
export const ZMailSettings = z.object({
  host: z.string().nullable(),
  port: z.number().int().nullable(),
  security: ZMailSecurity,
  username: z.string().nullable(),
  passwordSaved: z.boolean(),
  fromAddress: z.string().nullable(),
  /** SMTP_URL is set on the server: it is used, whatever is saved here. */
  environmentServer: z.string().nullable(),
  /** MAIL_FROM is set on the server: it is the sender, whatever is saved here. */
  environmentFrom: z.string().nullable(),
  /** What sends now, in words ('smtp.example.com:587 (from Settings)', or that nothing does). */
  activeServer: z.string(),
  /** False: messages are kept as 'not sent' (demo mode shows what it would have sent). */
  canSend: z.boolean(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type TMailSettings = z.infer<typeof ZMailSettings>;

/**
 * PUT /api/settings/email. An empty host clears the server. `password`: left out keeps the saved
 * one, '' clears it, any other text replaces it.
 */
export const ZMailSettingsBody = z.object({
  host: ZText(MAIL_LIMITS.host).regex(/^[A-Za-z0-9.:[\]-]*$/, 'Give a host name such as smtp.example.com, without spaces'),
  port: z.number().int().min(1, 'A port is 1 to 65535').max(65535, 'A port is 1 to 65535').nullable(),
  security: ZMailSecurity,
  username: ZText(MAIL_LIMITS.username),
  password: z.string().max(MAIL_LIMITS.password).optional(),
  fromAddress: ZOptionalMailAddress,
  version: z.number().int(),
}).strict();
export type TMailSettingsBody = z.infer<typeof ZMailSettingsBody>;

export const ZMailTestBody = z.object({ to: ZMailAddress }).strict();

export const ZMailStatus = z.enum(['queued', 'sent', 'failed', 'not_sent']);
export type TMailStatus = z.infer<typeof ZMailStatus>;

/** The outcome of Send test e-mail, in words. */
export const ZMailTestResult = z.object({ ok: z.boolean(), status: ZMailStatus, message: z.string(), id: z.uuid() });
export type TMailTestResult = z.infer<typeof ZMailTestResult>;

export const ZMailListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
}).strict();

/** One row of Sent mail. A message carrying money shows its subject to super admins only (null for others). */
export const ZMailListItem = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string().nullable(),
  status: ZMailStatus,
  /** When it was sent, else when it was queued. */
  at: z.string(),
  attempts: z.number().int(),
  error: z.string().nullable(),
  /** While retrying: when the next attempt is due. */
  nextAttemptAt: z.string().nullable(),
  hasMoney: z.boolean(),
  /** False: this person may not open it (money, super admins only). */
  readable: z.boolean(),
});
export type TMailListItem = z.infer<typeof ZMailListItem>;

export const ZMailList = z.object({
  items: z.array(ZMailListItem),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TMailList = z.infer<typeof ZMailList>;

export const ZMailParams = z.object({ id: z.uuid() }).strict();

/** One message as the receiver sees it. */
export const ZMailMessage = ZMailListItem.extend({
  subject: z.string(),
  from: z.string().nullable(),
  text: z.string().nullable(),
  html: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), size: z.number().int() })),
});
export type TMailMessage = z.infer<typeof ZMailMessage>;
