import { sql } from 'kysely';
import { reminderWeek } from '../../../../core/time/weeks.ts';
import type { DbOrTx } from '../../../db/connection.ts';
import type { Viewer } from '../entries/access.ts';
import { isApprover, mayDecide } from '../entries/person.ts';
import { readTimesheetSettings } from './settings.ts';
import { addDays, weekStartOf } from '../../../../core/dates/iso-date.ts';

/** The dashboard's reminders (issue 25): last week while it is not submitted, and for approvers the weeks waiting. */
export async function weekReminders(db: DbOrTx, options: { viewer: Viewer; today: string }) {
  const { viewer, today } = options;
  const { weekStartsOn } = await readTimesheetSettings(db);
  const lastWeek = addDays(weekStartOf(today, weekStartsOn), -7);
  const [last, waiting, mayDecideOwn] = await Promise.all([
    db.selectFrom('timesheet_weeks').select('status').where('user_id', '=', viewer.id).where('week_start', '=', lastWeek).executeTakeFirst(),
    isApprover(viewer)
      ? db.selectFrom('timesheet_weeks').select(sql<string>`count(*)`.as('n')).where('status', '=', 'submitted')
        .select(sql<string>`count(*) filter (where user_id = ${viewer.id})`.as('own')).executeTakeFirstOrThrow()
      : null,
    mayDecide(db, viewer, viewer.id),
  ]);
  return {
    unsubmittedWeek: reminderWeek(today, weekStartsOn, last?.status ?? 'open'),
    // Only weeks this approver may decide on; none is no reminder at all (never '0 weeks wait').
    approvalsWaiting: waiting ? Number(waiting.n) - (mayDecideOwn ? 0 : Number(waiting.own)) || null : null,
  };
}
