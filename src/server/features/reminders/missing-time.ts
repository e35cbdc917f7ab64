import { sql } from 'kysely';
import { displayName } from '../../../core/people.ts';
import { missingTimeKey, missingTimeSubject, missingTimeText, missingTimeWeek } from '../../../core/time/time-bill-reminders.ts';
import type { Db } from '../../db/connection.ts';
import { queueMail } from '../mail/index.ts';
import { readTimesheetSettings } from '../time/index.ts';
import { firmMoment } from './firm-clock.ts';
import { readReminderSettings } from './settings.ts';

export interface MissingTimeRun {
  /** The week named, YYYY-MM-DD; null when it is not a Monday from 9:00 or the reminders are off. */
  weekStart: string | null;
  /** Messages queued by this run (people already reminded of that week are not counted again). */
  queued: number;
}

/**
 * The Monday 9:00 e-mails (issue 41, docs/decisions/134): to each active person whose previous week
 * is neither submitted nor approved. Runs on any day (the schedule runs daily and at start) and does
 * nothing but on a Monday from 9:00 firm time; each (person, week) is one outbox key, so a second
 * run, a restart or another instance sends nothing twice.
 */
export async function sendMissingTimeReminders(
  db: Db, options: { now: Date; timeZone: string; firmName: string; publicUrl?: string },
): Promise<MissingTimeRun> {
  const settings = await readReminderSettings(db);
  if (!settings.missingTimeEnabled) return { weekStart: null, queued: 0 };
  const { today, minutes } = firmMoment(options.timeZone, options.now);
  const { weekStartsOn } = await readTimesheetSettings(db);
  const weekStart = missingTimeWeek(today, minutes, weekStartsOn);
  if (!weekStart) return { weekStart: null, queued: 0 };
  // Active people who existed before the week ended and whose week is not submitted or approved.
  const people = (await sql<{ id: string; email: string; first_name: string | null; last_name: string | null }>`
    select u.id, u.email, u.first_name, u.last_name from users u
    where not u.disabled and exists (select 1 from user_roles r where r.user_id = u.id)
      and u.created_at < (${weekStart}::date + 7)::timestamp at time zone ${options.timeZone}
      and not exists (select 1 from timesheet_weeks w where w.user_id = u.id and w.week_start = ${weekStart}::date
        and w.status in ('submitted', 'approved'))
    order by u.email`.execute(db)).rows;
  const link = options.publicUrl ? `${options.publicUrl.replace(/\/$/, '')}/timesheet` : null;
  let queued = 0;
  for (const person of people) {
    const result = await queueMail(db, {
      key: missingTimeKey(person.id, weekStart),
      to: person.email,
      subject: missingTimeSubject(weekStart),
      text: missingTimeText({ name: displayName(person), weekStart, firmName: options.firmName, link }),
      hasMoney: false,
      kind: 'missing-time',
    });
    if (result.created) queued += 1;
  }
  return { weekStart, queued };
}
