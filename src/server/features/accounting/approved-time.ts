import { sql } from 'kysely';
import { WEEK_MESSAGES } from '../../../core/weeks.ts';
import type { DbOrTx, Tx } from '../../db/connection.ts';
import { AppError } from '../../errors/app-error.ts';
import { readTimesheetSettings } from '../timesheet/settings.ts';

// Billing requires approved time (issue 25, docs/decisions/088): when the firm's setting is on,
// a time entry is billable only once its person's week is approved.

/** Whether the time entry aliased `alias` lies in an approved week of its person (the lock trigger's own test). */
export const approvedTime = (alias: string) => sql<boolean>`exists (select 1 from timesheet_weeks aw
  where aw.user_id = ${sql.ref(`${alias}.user_id`)} and aw.status = 'approved'
    and aw.week_start between ${sql.ref(`${alias}.entry_date`)} - 6 and ${sql.ref(`${alias}.entry_date`)})`;

export const billingRequiresApproval = async (db: DbOrTx) => (await readTimesheetSettings(db)).billingRequiresApproval;

/** Refuses the chosen time entries when any of them waits for approval and the firm bills approved time only. */
export async function assertApprovedTime(tx: Tx, ids: string[]) {
  if (ids.length === 0 || !(await billingRequiresApproval(tx))) return;
  const waiting = await tx.selectFrom('time_entries as t').select('t.id')
    .where('t.id', 'in', ids).where(sql<boolean>`not ${approvedTime('t')}`).limit(1).executeTakeFirst();
  if (waiting) throw new AppError('VALIDATION_ERROR', WEEK_MESSAGES.unapprovedTime);
}
