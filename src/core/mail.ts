// E-mail rules shared by the server and the Settings → E-mail page (issue 41, docs/decisions/131).

/** The longest values the outbox and its settings store. */
export const MAIL_LIMITS = { address: 254, host: 253, username: 254, password: 1000, subject: 998 } as const;

/** Sent mail's words for each status. */
export const MAIL_STATUS_LABELS = {
  queued: 'Queued', sent: 'Sent', failed: 'Failed', not_sent: 'Not sent',
} as const satisfies Record<'queued' | 'sent' | 'failed' | 'not_sent', string>;

export const MAIL_MESSAGES = {
  /** Kept on a message when no SMTP server is set (demo mode: what it would have sent). */
  noServer: 'Not sent: no SMTP server is set',
  noFrom: 'No sender address is set: give MAIL_FROM on the server or the From address in Settings → E-mail',
} as const;

/** The port a security mode uses when none is given. */
export const defaultMailPort = (security: 'starttls' | 'tls' | 'none'): number => ({ starttls: 587, tls: 465, none: 25 })[security];
