import { sql } from 'kysely';
import type { TWeekState } from '../../../../core/api/timesheet.ts';
import { displayName } from '../../../../core/people.ts';
import { weekLockMessage, type WeekStatus } from '../../../../core/time/weeks.ts';
import type { DbOrTx } from '../../../db/connection.ts';
import { iso } from '../entries/access.ts';

// A person's week as stored (migration 018): a week without a row is open, at version 0.

export interface WeekRow {
  status: WeekStatus;
  submitted_at: Date | null;
  decided_at: Date | null;
  approved_on: string | null;
  /** The firm's day of the submission (the session runs in the firm's time zone, as the lock trigger does). */
  submitted_on: string | null;
  note: string;
  version: number;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
}

/** The stored week of `userId` starting `weekStart`, with the name of who decided it last. */
export async function readWeek(db: DbOrTx, options: { userId: string; weekStart: string; forUpdate?: boolean }) {
  let query = db.selectFrom('timesheet_weeks as w').leftJoin('users as d', 'd.id', 'w.decided_by')
    .select([
      'w.status', 'w.submitted_at', 'w.decided_at', 'w.approved_on', 'w.note', 'w.version', 'd.email', 'd.first_name', 'd.last_name',
      sql<string | null>`w.submitted_at::date::text`.as('submitted_on'),
    ])
    .where('w.user_id', '=', options.userId).where('w.week_start', '=', options.weekStart);
  if (options.forUpdate) query = query.forUpdate('w');
  return (await query.executeTakeFirst()) as WeekRow | undefined;
}

/** The sentence a change to this week answers with, or null while it may change. */
export function lockMessageOf(row: Pick<WeekRow, 'status' | 'approved_on' | 'submitted_on'>): string | null {
  if (row.status === 'approved') return weekLockMessage({ status: 'approved', day: row.approved_on! });
  if (row.status === 'submitted') return weekLockMessage({ status: 'submitted', day: row.submitted_on! });
  return null;
}

export function weekStateOf(row: WeekRow | undefined): TWeekState {
  if (!row) {
    return {
      status: 'open', submittedAt: null, decidedAt: null, decidedByName: null, approvedOn: null, note: '', lockMessage: null, version: 0,
    };
  }
  return {
    status: row.status,
    submittedAt: row.submitted_at && iso(row.submitted_at),
    decidedAt: row.decided_at && iso(row.decided_at),
    decidedByName: row.email === null ? null : displayName({ email: row.email, first_name: row.first_name, last_name: row.last_name }),
    approvedOn: row.approved_on,
    note: row.note,
    lockMessage: lockMessageOf(row),
    version: row.version,
  };
}
