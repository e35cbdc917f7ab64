import { sql } from 'kysely';
import type { TTimeEntry } from '../../../../core/api/time-tracking.ts';
import { inWeek, type WeekStatus } from '../../../../core/time/weeks.ts';
import type { DbOrTx } from '../../../db/connection.ts';
import { lockMessageOf } from '../timesheet/week-state.ts';
import { addDays } from '../../../../core/dates/iso-date.ts';

type EntryWeek = NonNullable<TTimeEntry['week']>;
type Dated = { user_id: string; entry_date: string };

/**
 * The weeks (not open) that the given entries fall in, in one query: a function telling each
 * entry's week (status and the sentence a blocked change shows), undefined for an open week.
 */
export async function entryWeeks(db: DbOrTx, entries: Dated[]): Promise<(entry: Dated) => EntryWeek | undefined> {
  if (entries.length === 0) return () => undefined;
  const users = [...new Set(entries.map((e) => e.user_id))];
  const dates = entries.map((e) => e.entry_date).sort();
  const rows = await db.selectFrom('timesheet_weeks')
    .select(['user_id', 'week_start', 'status', 'approved_on', sql<string | null>`submitted_at::date::text`.as('submitted_on')])
    .where('user_id', 'in', users).where('status', '<>', 'open')
    .where('week_start', '>=', addDays(dates[0]!, -6)).where('week_start', '<=', dates.at(-1)!)
    .execute();
  const byUser = new Map<string, typeof rows>();
  for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
  return (entry) => {
    const week = byUser.get(entry.user_id)?.find((w) => inWeek(entry.entry_date, w.week_start));
    return week && { status: week.status as WeekStatus, lockMessage: lockMessageOf(week) };
  };
}


/** The week columns a write answers with (`weekJoin`): null when the entry's week is open. */
export interface WeekColumns {
  week_status: WeekStatus | null;
  week_approved_on: string | null;
  week_submitted_on: string | null;
}

/**
 * The week (not open) of each row of `e`, joined in the statement that wrote the row: the same
 * answer as `entryWeeks`, without a second round trip.
 */
export const weekJoin = sql`left join lateral (
    select w.status as week_status, w.approved_on::text as week_approved_on, w.submitted_at::date::text as week_submitted_on
    from timesheet_weeks w
    where w.user_id = e.user_id and w.status <> 'open' and w.week_start between e.entry_date - 6 and e.entry_date
    order by w.week_start desc limit 1
  ) w on true`;

/** A written row and its week, apart. */
export function splitWeek<R extends WeekColumns>(saved: R): { row: Omit<R, keyof WeekColumns>; week: EntryWeek | undefined } {
  const { week_status: status, week_approved_on: approved_on, week_submitted_on: submitted_on, ...row } = saved;
  return { row, week: status === null ? undefined : { status, lockMessage: lockMessageOf({ status, approved_on, submitted_on }) } };
}
