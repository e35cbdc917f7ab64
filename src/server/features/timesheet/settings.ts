import type { TTimesheetSettings } from '../../../core/api/timesheet.ts';
import type { DbOrTx } from '../../db/connection.ts';

/** The firm's time-keeping settings (one row, migration 018): first day of the week, approval before billing, timer rounding. */
export async function readTimesheetSettings(db: DbOrTx): Promise<TTimesheetSettings> {
  const row = await db.selectFrom('timesheet_settings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  return {
    weekStartsOn: row.week_starts_on, billingRequiresApproval: row.billing_requires_approval,
    timerRounding: row.timer_rounding, version: row.version,
  };
}
