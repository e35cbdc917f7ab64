import { sql } from 'kysely';
import type { TDeadlineReminders } from '../../../core/api/deadlines.ts';
import { DEADLINE_MESSAGES, reminderText, type DeadlineKind, type DeadlineSource } from '../../../core/calendar/deadlines.ts';
import { displayName } from '../../../core/people.ts';
import type { Db, DbOrTx } from '../../db/connection.ts';
import { AppError } from '../../errors/app-error.ts';
import { notify, type ClaimedJob } from '../../jobs/queue.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import { queueMail } from '../mail/index.ts';
import { isoOf } from './reads.ts';

// Reminders that arrive once (issue 41, docs/decisions/133). A schedule looks every minute for the
// (deadline, step, date) whose day has come and queues one job per such key in the jobs table
// ('deadline-reminders', key '<deadline>:<days>:<date>'); the job records the reminder in
// deadline_reminders (unique per key) and queues its e-mail (the mail outbox, the same key) in one
// transaction. However often the look or the job runs, on however many instances, across restarts
// and retries, the unique row lets one transaction through per key.

export const REMINDER_QUEUE = 'deadline-reminders';
export const REMINDER_SCHEDULE = 'deadline-reminders';
export const REMINDER_LOOK_EVERY_MS = 60_000;

export interface ReminderPayload { deadlineId: string; days: number; dueDate: string }

/**
 * Queues a job for every reminder owed today and not yet sent. A deadline's step is owed when it is
 * the latest of the firm's steps whose day (the deadline's date less its days) has come (a step
 * whose day passed while a later one's has come too is never sent: one message, the nearest), its
 * day is not before the day the deadline's date or assignee was last set, and the deadline has an
 * assignee and has not passed. One statement; a key already queued is left as it is. Returns how
 * many it queued.
 */
export async function queueDueReminders(db: DbOrTx, today: string): Promise<number> {
  const { rows } = await sql<{ queued: number }>`
    with current_step as (
      select d.id, d.due_date, min(s.days) as days
      from case_deadlines d
      cross join lateral unnest((select reminder_days from deadline_settings where id = 1)) as s(days)
      where d.assignee_id is not null and d.due_date >= ${today}::date and d.due_date - s.days <= ${today}::date
      group by d.id, d.due_date, d.reminders_from
      having d.due_date - min(s.days) >= d.reminders_from),
    owed as (
      select c.* from current_step c
      where not exists (select 1 from deadline_reminders r where r.deadline_id = c.id and r.days = c.days and r.due_date = c.due_date)),
    queued as (
      insert into jobs (queue, key, payload, run_at, max_attempts)
      select ${REMINDER_QUEUE}, o.id || ':' || o.days || ':' || o.due_date::text,
        jsonb_build_object('deadlineId', o.id, 'days', o.days, 'dueDate', o.due_date::text), now(), 10
      from owed o
      on conflict (queue, key) do nothing
      returning 1)
    select count(*)::int as queued from queued`.execute(db);
  const queued = rows[0]?.queued ?? 0;
  if (queued) await notify(db, { queue: REMINDER_QUEUE, key: '*', event: 'queued' });
  return queued;
}

interface FactsRow {
  id: string; title: string; kind: DeadlineKind; source: DeadlineSource; due_date: string; notes: string; assignee_id: string | null;
  case_id: string; file_number: string; case_name: string | null; client_name: string;
  email: string | null; disabled: boolean | null; first_name: string | null; last_name: string | null;
}

export interface ReminderDeps {
  db: Db;
  firmName: string;
  publicUrl: string | undefined;
  /** The firm's day now. */
  today: () => string;
}

/**
 * One reminder: when the deadline still has this date, an active assignee and has not passed, the
 * reminder row and its e-mail in one transaction, once per (deadline, step, date). Anything else
 * (moved, removed, unassigned, passed) sends nothing: a moved deadline owes its new date's steps.
 */
export async function sendReminder(deps: ReminderDeps, payload: ReminderPayload): Promise<'sent' | 'skipped'> {
  const today = deps.today();
  return deps.db.transaction().execute(async (tx) => {
    const d = (await sql<FactsRow>`
      select d.id, d.title, d.kind, d.source, d.due_date::text as due_date, d.notes, d.assignee_id, d.case_id, c.file_number, c.case_name,
        cl.name as client_name, u.email, u.disabled, p.first_name, p.last_name
      from case_deadlines d join cases c on c.id = d.case_id join clients cl on cl.id = c.client_id
      left join users u on u.id = d.assignee_id left join profiles p on p.id = d.assignee_id
      where d.id = ${payload.deadlineId} for update of d`.execute(tx)).rows[0];
    if (!d || isoOf(d.due_date) !== payload.dueDate || !d.assignee_id || !d.email || d.disabled || payload.dueDate < today) return 'skipped';
    // Still the nearest step whose day has come (a job that waited past the next step's day sends nothing: that step's does).
    const current = (await sql<{ days: number | null }>`
      select min(s.days) as days from unnest((select reminder_days from deadline_settings where id = 1)) as s(days)
      where ${payload.dueDate}::date - s.days <= ${today}::date`.execute(tx)).rows[0]?.days;
    if (current !== payload.days) return 'skipped';
    const recorded = (await sql<{ id: string }>`
      insert into deadline_reminders (deadline_id, days, due_date, user_id)
      values (${d.id}, ${payload.days}, ${payload.dueDate}, ${d.assignee_id})
      on conflict (deadline_id, days, due_date) do nothing returning id`.execute(tx)).rows[0];
    if (!recorded) return 'skipped';
    const assigneeName = displayName({ email: d.email, first_name: d.first_name, last_name: d.last_name });
    const mail = await queueMail(tx, {
      key: `deadline-reminder:${d.id}:${payload.days}:${payload.dueDate}`,
      to: d.email,
      subject: DEADLINE_MESSAGES.reminderSubject(d.title, d.file_number, payload.dueDate, today),
      text: reminderText({
        title: d.title, kind: d.kind, source: d.source, dueDate: payload.dueDate, today, fileNumber: d.file_number, caseName: d.case_name,
        clientName: d.client_name, notes: d.notes, assigneeName, firmName: deps.firmName,
        caseUrl: deps.publicUrl ? `${deps.publicUrl.replace(/\/$/, '')}/case/${d.case_id}` : null,
      }),
      hasMoney: false,
      kind: 'deadline-reminder',
    });
    await sql`update deadline_reminders set mail_id = ${mail.id} where id = ${recorded.id}`.execute(tx);
    return 'sent';
  });
}

/** The reminder job's queue and the schedule that fills it (one instance runs each look; every instance may run jobs). */
export function registerReminders(jobs: JobRunner, deps: ReminderDeps): void {
  jobs.handle<ReminderPayload>(REMINDER_QUEUE, (job: ClaimedJob<ReminderPayload>) => sendReminder(deps, job.payload), { batchSize: 20, backoffScope: 'job' });
  jobs.every(REMINDER_SCHEDULE, { everyMs: REMINDER_LOOK_EVERY_MS }, async () => {
    await queueDueReminders(deps.db, deps.today());
  }, { runAtStart: true, retryMs: 10_000 });
}

/** The signed-in person's reminders not dismissed, for deadlines not passed, soonest first. */
export async function myReminders(db: DbOrTx, userId: string, today: string): Promise<TDeadlineReminders> {
  const { rows } = await sql<{
    id: string; deadline_id: string; case_id: string; file_number: string; title: string; due_date: string; days: number; created_at: Date | string;
  }>`
    select r.id, r.deadline_id, d.case_id, c.file_number, d.title, r.due_date::text as due_date, r.days, r.created_at
    from deadline_reminders r join case_deadlines d on d.id = r.deadline_id join cases c on c.id = d.case_id
    where r.user_id = ${userId} and r.dismissed_at is null and r.due_date >= ${today}::date and d.due_date = r.due_date
    order by r.due_date, r.days, c.file_number limit 50`.execute(db);
  return {
    reminders: rows.map((r) => ({
      id: r.id, deadlineId: r.deadline_id, caseId: r.case_id, fileNumber: r.file_number, title: r.title, dueDate: isoOf(r.due_date),
      days: r.days, sentAt: new Date(r.created_at).toISOString(),
    })),
  };
}

/** Dismisses one of the person's own reminders (another's is not found). */
export async function dismissReminder(db: DbOrTx, options: { userId: string; id: string }): Promise<void> {
  const done = await sql`update deadline_reminders set dismissed_at = coalesce(dismissed_at, now())
    where id = ${options.id} and user_id = ${options.userId}`.execute(db);
  if (!Number(done.numAffectedRows ?? 0)) throw new AppError('RECORD_NOT_FOUND');
}
