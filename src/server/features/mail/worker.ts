import { sql } from 'kysely';
import { MAIL_MESSAGES } from '../../../core/mail.ts';
import type { Db } from '../../db/connection.ts';
import type { Env } from '../../env.ts';
import type { TokenCipher } from '../../integrations/google/token-cipher.ts';
import type { ClaimedJob } from '../../jobs/queue.ts';
import { JobError, type JobRunner } from '../../jobs/runner.ts';
import { MAIL_QUEUE } from './outbox.ts';
import { activeServer, type MailServer } from './settings.ts';
import { describeMailError, transportFor } from './transport.ts';

interface MessageRow {
  id: string;
  to_address: string;
  subject: string;
  body_text: string | null;
  body_html: string | null;
  status: string;
}

/** A retry waits 1 minute, then 2, 4, … up to an hour (±20 %): a server that is down gets time to come back. */
export const mailBackoffMs = (attempt: number) => Math.min(60_000 * 2 ** (attempt - 1), 3_600_000) * (0.8 + Math.random() * 0.4);

/** The Message-ID: one per message, the same on every attempt, so a receiver can tell a repeat. */
const messageIdFor = (id: string, from: string) => `<${id}@${/@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'casebook.invalid'}>`;

export interface MailWorkerDeps {
  db: Db;
  env: Env;
  cipher: TokenCipher;
}

/** What one run of a message did. */
interface MailRun {
  status: 'sent' | 'not_sent';
}

async function sendOne(deps: MailWorkerDeps, job: ClaimedJob<{ id: string }>): Promise<MailRun | undefined> {
  const { db } = deps;
  const message = (await sql<MessageRow>`
    select id, to_address, subject, body_text, body_html, status from mail_messages where id = ${job.payload.id}`.execute(db)).rows[0];
  // Gone, or already settled by an earlier run: nothing to do (a run is at least once; a message goes once).
  if (!message || message.status !== 'queued') return undefined;
  let server: MailServer | null;
  try {
    server = await activeServer(db, deps.env, deps.cipher);
  } catch (error) {
    return fail(db, job, error instanceof Error ? error.message : String(error));
  }
  if (!server) {
    await sql`
      update mail_messages set status = 'not_sent', last_error = ${MAIL_MESSAGES.noServer}, updated_at = now()
      where id = ${message.id} and status = 'queued'`.execute(db);
    return { status: 'not_sent' };
  }
  if (!server.from) return fail(db, job, MAIL_MESSAGES.noFrom);
  const attachments = (await sql<{ filename: string; content_type: string; content: Uint8Array }>`
    select filename, content_type, content from mail_attachments where message_id = ${message.id} order by position`.execute(db)).rows;
  const transport = transportFor(server);
  try {
    await transport.sendMail({
      from: server.from,
      to: message.to_address,
      subject: message.subject,
      ...(message.body_text !== null ? { text: message.body_text } : {}),
      ...(message.body_html !== null ? { html: message.body_html } : {}),
      messageId: messageIdFor(message.id, server.from),
      attachments: attachments.map((a) => ({ filename: a.filename, contentType: a.content_type, content: Buffer.from(a.content) })),
    });
  } catch (error) {
    return fail(db, job, describeMailError(error, server, message.to_address));
  } finally {
    transport.close();
  }
  // Accepted: recorded at once, so no later run sends it again.
  await sql`
    update mail_messages set status = 'sent', sent_at = now(), from_address = ${server.from}, attempts = attempts + 1,
      last_error = null, updated_at = now()
    where id = ${message.id}`.execute(db);
  return { status: 'sent' };
}

/** Stores the failure in words on the message (failed after the last attempt) and hands it to the jobs table to retry. */
async function fail(db: Db, job: ClaimedJob<{ id: string }>, words: string): Promise<never> {
  const givesUp = job.attempts + 1 >= job.maxAttempts;
  await sql`
    update mail_messages set attempts = attempts + 1, last_error = ${words}, updated_at = now(),
      status = case when ${givesUp} then 'failed' else status end
    where id = ${job.payload.id} and status = 'queued'`.execute(db);
  throw new JobError(words);
}

/**
 * The 'mail' queue: one message per job, retried with backoff by the jobs table. A retry holds back
 * its own message only: one refused address never delays the others. Logs no body and no password.
 */
export function registerMailWorker(jobs: JobRunner, deps: MailWorkerDeps): void {
  jobs.handle<{ id: string }>(MAIL_QUEUE, (job) => sendOne(deps, job), { backoffMs: mailBackoffMs, backoffScope: 'job' });
}
