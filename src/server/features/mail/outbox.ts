import { sql } from 'kysely';
import { MAIL_LIMITS } from '../../../core/mail.ts';
import type { DbOrTx } from '../../db/connection.ts';
import { enqueue } from '../../jobs/queue.ts';

/** The jobs queue that sends the outbox, one job per message (its id as the key). */
export const MAIL_QUEUE = 'mail';
/** Attempts before a message is given up as failed (about four hours of backoff: 1, 2, 4 … 60 minutes). */
export const MAIL_MAX_ATTEMPTS = 10;

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface OutgoingMail {
  /**
   * Makes the message exactly once: queueing the same key again finds the first message and
   * queues nothing ('reminder:<deadline>:<step>', 'bill-reminder:<bill>:<days>').
   */
  key: string;
  to: string;
  subject: string;
  /** The body as the receiver reads it: text, HTML, or both (one of them at least). */
  text?: string;
  html?: string;
  attachments?: MailAttachment[];
  /** Amounts of money in the subject, body or files: only super admins read it in Sent mail. */
  hasMoney: boolean;
  /** What queued it, shown in Sent mail ('test', 'reminder', …). */
  kind?: string;
  createdBy?: string | null;
  /** Attempts before it is given up (Send test e-mail: one, so the page answers at once). */
  maxAttempts?: number;
}

export interface QueuedMail {
  id: string;
  /** False: a message of this key already existed; nothing new was queued. */
  created: boolean;
}

/**
 * Queues a message in the caller's transaction: it exists, and will be sent, exactly when the
 * caller's change commits. The 'mail' job sends it; with no SMTP server set it is kept as not sent.
 */
export async function queueMail(tx: DbOrTx, mail: OutgoingMail): Promise<QueuedMail> {
  if (!mail.text && !mail.html) throw new Error('a message needs a text or an HTML body');
  if (mail.subject.length > MAIL_LIMITS.subject) throw new Error('the subject is too long for an e-mail');
  const inserted = (await sql<{ id: string }>`
    insert into mail_messages (dedupe_key, to_address, subject, body_text, body_html, has_money, kind, created_by)
    values (${mail.key}, ${mail.to.trim()}, ${mail.subject.replace(/[\r\n]+/g, ' ')}, ${mail.text ?? null}, ${mail.html ?? null},
      ${mail.hasMoney}, ${mail.kind ?? 'other'}, ${mail.createdBy ?? null})
    on conflict (dedupe_key) do nothing
    returning id`.execute(tx)).rows[0];
  if (!inserted) {
    const existing = (await sql<{ id: string }>`select id from mail_messages where dedupe_key = ${mail.key}`.execute(tx)).rows[0]!;
    return { id: existing.id, created: false };
  }
  for (const [position, file] of (mail.attachments ?? []).entries()) {
    await sql`
      insert into mail_attachments (message_id, position, filename, content_type, content)
      values (${inserted.id}, ${position}, ${file.filename}, ${file.contentType}, ${file.content})`.execute(tx);
  }
  await enqueue(tx, { queue: MAIL_QUEUE, key: inserted.id, payload: { id: inserted.id }, maxAttempts: mail.maxAttempts ?? MAIL_MAX_ATTEMPTS });
  return { id: inserted.id, created: true };
}
