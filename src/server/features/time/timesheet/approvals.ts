import { sql } from 'kysely';
import type { TApprovals } from '../../../../core/api/timesheet.ts';
import { displayName } from '../../../../core/people.ts';
import { weekDays, type WeekStatus } from '../../../../core/time/weeks.ts';
import type { DbOrTx } from '../../../db/connection.ts';
import { iso, type Viewer } from '../entries/access.ts';
import { mayDecide } from '../entries/person.ts';
import { readTimesheetSettings } from './settings.ts';
import { weekStartOf } from '../../../../core/dates/iso-date.ts';

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Hours per person and day of one week: an index-only scan of the report index (hours_cents, migration 014). */
function weekHours(db: DbOrTx, days: string[]) {
  return db.selectFrom('time_entries')
    .select(['user_id', 'entry_date', sql<string>`sum(hours_cents)`.as('cents')])
    .where('entry_date', '>=', days[0]!).where('entry_date', '<=', days[6]!)
    .groupBy(['user_id', 'entry_date']).execute();
}

/** Active staff (every user not disabled holds a data role, SPEC §6), with their week's status. */
function people(db: DbOrTx, weekStart: string) {
  return db.selectFrom('users as u')
    .leftJoin('timesheet_weeks as w', (join) => join.onRef('w.user_id', '=', 'u.id').on('w.week_start', '=', weekStart))
    .select(['u.id', 'u.email', 'u.first_name', 'u.last_name', 'w.status', 'w.submitted_at'])
    .where('u.disabled', '=', false).execute();
}

/** Every submitted week of anyone, oldest first, with its hours. */
async function waiting(db: DbOrTx) {
  const { rows } = await sql<{ user_id: string; week_start: string; email: string; first_name: string | null; last_name: string | null; hours: string }>`
    select w.user_id, w.week_start::text as week_start, u.email, u.first_name, u.last_name,
           (select coalesce(sum(t.hours), 0) from time_entries t
             where t.user_id = w.user_id and t.entry_date between w.week_start and w.week_start + 6)::text as hours
    from timesheet_weeks w join users u on u.id = w.user_id
    where w.status = 'submitted'
    order by w.week_start, w.submitted_at, u.email`.execute(db);
  // Hours from the user-and-date index (it carries hours): an index-only scan per week.
  return rows.map((r) => ({ userId: r.user_id, name: displayName(r), weekStart: r.week_start, total: Number(r.hours) }));
}

/** GET /api/timesheet/approvals: the chosen week of every active person, and all weeks waiting for a decision. */
export async function approvalsQueue(db: DbOrTx, options: { week?: string; today: string; viewer: Viewer }): Promise<TApprovals> {
  const { weekStartsOn } = await readTimesheetSettings(db);
  const weekStart = weekStartOf(options.week ?? options.today, weekStartsOn);
  const days = weekDays(weekStart);
  const [staff, hours, queue, mayDecideOwn] = await Promise.all([
    people(db, weekStart), weekHours(db, days), waiting(db), mayDecide(db, options.viewer, options.viewer.id),
  ]);
  const byUser = new Map<string, number[]>();
  for (const h of hours) {
    const row = byUser.get(h.user_id) ?? Array<number>(7).fill(0);
    row[days.indexOf(h.entry_date)] = Number(h.cents) / 100;
    byUser.set(h.user_id, row);
  }
  const list = staff.map((u) => {
    const hoursByDay = byUser.get(u.id) ?? Array<number>(7).fill(0);
    return {
      userId: u.id, name: displayName(u), status: (u.status ?? 'open') as WeekStatus,
      submittedAt: u.submitted_at && iso(u.submitted_at), hoursByDay, total: round2(hoursByDay.reduce((s, h) => s + h, 0)),
    };
  }).sort((a, b) => a.name.localeCompare(b.name));
  return { weekStart, days, people: list, waiting: queue, mayDecideOwn };
}
