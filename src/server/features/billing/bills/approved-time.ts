import { sql } from 'kysely';
import { WEEK_MESSAGES } from '../../../../core/time/weeks.ts';
import type { DbOrTx, Tx } from '../../../db/connection.ts';
import { AppError } from '../../../errors/app-error.ts';
import { readTimesheetSettings } from '../../time/index.ts';

// Billing requires approved time (issue 25, docs/decisions/160): when the firm's setting is on,
// a time entry is billable only once its person's week is approved.

/**
 * Whether the time entry aliased `alias` lies in an approved week of its person: its (person, day)
 * is among the approved weeks' days. Uncorrelated, so PostgreSQL hashes the approved days once
 * (a hashed SubPlan) instead of probing the weeks for every entry (10 s → 1.3 s over 1M entries).
 */
export const approvedTime = (alias: string) => sql<boolean>`((${sql.ref(`${alias}.user_id`)}, ${sql.ref(`${alias}.entry_date`)}) in (
  select aw.user_id, aw.week_start + d from timesheet_weeks aw cross join generate_series(0, 6) d where aw.status = 'approved'))`;

export const billingRequiresApproval = async (db: DbOrTx) => (await readTimesheetSettings(db)).billingRequiresApproval;

/** Refuses the chosen time entries when any of them waits for approval and the firm bills approved time only. */
export async function assertApprovedTime(tx: Tx, ids: string[]) {
  if (ids.length === 0 || !(await billingRequiresApproval(tx))) return;
  const waiting = await tx.selectFrom('time_entries as t').select('t.id')
    .where('t.id', 'in', ids).where(sql<boolean>`not ${approvedTime('t')}`).limit(1).executeTakeFirst();
  if (waiting) throw new AppError('VALIDATION_ERROR', WEEK_MESSAGES.unapprovedTime);
}
