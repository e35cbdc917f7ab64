import { sql } from 'kysely';
import type { TTimeEntry } from '../../../core/api/time-tracking.ts';
import { inWeek, type WeekStatus } from '../../../core/weeks.ts';
import type { DbOrTx } from '../../db/connection.ts';
import { lockMessageOf } from './week-state.ts';
import { addDays } from '../../../core/iso-date.ts';

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

