import { sql } from 'kysely';
import type { TMailList, TMailListItem, TMailMessage, TMailStatus, TMailTestResult } from '../../../core/api/mail.ts';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors/app-error.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import { MAIL_QUEUE, queueMail } from './outbox.ts';

interface ListRow {
  id: string;
  to_address: string;
  subject: string;
  status: TMailStatus;
  created_at: Date | string;
  sent_at: Date | string | null;
  attempts: number;
  last_error: string | null;
  has_money: boolean;
  next_attempt_at: Date | string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

const listItem = (row: ListRow, superAdmin: boolean): TMailListItem => {
  const readable = superAdmin || !row.has_money;
  return {
    id: row.id,
    to: row.to_address,
    subject: readable ? row.subject : null,
    status: row.status,
    at: iso(row.sent_at ?? row.created_at),
    attempts: row.attempts,
    error: row.last_error,
    nextAttemptAt: row.status === 'queued' && row.next_attempt_at ? iso(row.next_attempt_at) : null,
    hasMoney: row.has_money,
    readable,
  };
};

const LIST_COLUMNS = sql`
  m.id, m.to_address, m.subject, m.status, m.created_at, m.sent_at, m.attempts, m.last_error, m.has_money,
  (select j.run_at from jobs j where j.queue = ${MAIL_QUEUE} and j.key = m.id::text and j.state = 'queued') as next_attempt_at`;

/** Sent mail, newest first. Every message is listed; one carrying money shows its subject to super admins only. */
export async function listMail(db: Db, options: { page: number; pageSize: number; superAdmin: boolean }): Promise<TMailList> {
  const { page, pageSize } = options;
  const rows = (await sql<ListRow>`
    select ${LIST_COLUMNS} from mail_messages m
    order by m.seq desc limit ${pageSize} offset ${(page - 1) * pageSize}`.execute(db)).rows;
  const total = (await sql<{ n: number }>`select count(*)::int as n from mail_messages`.execute(db)).rows[0]!.n;
  return { items: rows.map((r) => listItem(r, options.superAdmin)), total, page, pageSize };
}

/** One message as its receiver sees it; a message carrying money only for super admins. */
export async function getMail(db: Db, id: string, superAdmin: boolean): Promise<TMailMessage> {
  const row = (await sql<ListRow & { body_text: string | null; body_html: string | null; from_address: string | null }>`
    select ${LIST_COLUMNS}, m.body_text, m.body_html, m.from_address from mail_messages m where m.id = ${id}`.execute(db)).rows[0];
  if (!row) throw new AppError('RECORD_NOT_FOUND');
  if (row.has_money && !superAdmin) throw new AppError('PERMISSION_DENIED', 'This message carries amounts of money: only super admins may read it.');
  const attachments = (await sql<{ filename: string; content_type: string; size: number }>`
    select filename, content_type, octet_length(content)::int as size from mail_attachments where message_id = ${id} order by position`.execute(db)).rows;
  return {
    ...listItem(row, superAdmin),
    subject: row.subject,
    from: row.from_address,
    text: row.body_text,
    html: row.body_html,
    createdAt: iso(row.created_at),
    sentAt: row.sent_at ? iso(row.sent_at) : null,
    attachments: attachments.map((a) => ({ filename: a.filename, contentType: a.content_type, size: a.size })),
  };
}

/**
 * Send test e-mail: queued in the outbox like any message (one attempt: the page answers with the
 * outcome now), then sent at once in the request's time.
 */
export async function sendTestMail(
  db: Db, jobs: JobRunner, options: { to: string; firmName: string; actorId: string },
): Promise<TMailTestResult> {
  const queued = await queueMail(db, {
    key: `test:${crypto.randomUUID()}`,
    to: options.to,
    subject: `${options.firmName}: test e-mail from Casebook`,
    text: `This is a test e-mail from Casebook for ${options.firmName}.\n\nIf you can read it, Casebook's e-mail works: reminders and notices will reach their receivers.\n`,
    hasMoney: false,
    kind: 'test',
    createdBy: options.actorId,
    maxAttempts: 1,
  });
  // Run now in the request's time; a started runner may take it first: either way the row tells the outcome.
  const run = await jobs.runNow(MAIL_QUEUE, queued.id, { timeoutMs: 60_000 });
  const row = (await sql<{ status: TMailStatus; last_error: string | null }>`
    select status, last_error from mail_messages where id = ${queued.id}`.execute(db)).rows[0]!;
  const { id } = queued;
  if (row.status === 'sent') return { ok: true, status: 'sent', id, message: `The test e-mail was sent to ${options.to}. Check that it arrived.` };
  if (row.status === 'not_sent') {
    return { ok: false, status: 'not_sent', id, message: 'Not sent: no SMTP server is set. The message is kept in Sent mail to show what would have been sent.' };
  }
  if (row.status === 'queued') {
    return { ok: false, status: 'queued', id, message: `The test e-mail is still waiting to be sent (${run.outcome === 'busy' ? 'the server is busy' : 'not sent yet'}). Sent mail shows when it goes.` };
  }
  return { ok: false, status: 'failed', id, message: `The test e-mail was not sent. ${row.last_error ?? 'It could not be sent.'}` };
}
