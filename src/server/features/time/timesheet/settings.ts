import type { TTimesheetSettings } from '../../../../core/api/timesheet.ts';
import { withActor, type DbOrTx } from '../../../db/connection.ts';
import { AppError } from '../../../errors/app-error.ts';

/** The firm's time-keeping settings (one row, migration 018): first day of the week, approval before billing, timer rounding. */
export async function readTimesheetSettings(db: DbOrTx): Promise<TTimesheetSettings> {
  const row = await db.selectFrom('timesheet_settings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  return {
    weekStartsOn: row.week_starts_on, billingRequiresApproval: row.billing_requires_approval,
    timerRounding: row.timer_rounding, version: row.version,
  };
}

/** PUT /api/settings/timesheets (admins) at the version the caller saw; a stale version answers the current settings. */
export async function saveTimesheetSettings(db: DbOrTx, options: { actorId: string; body: TTimesheetSettings }): Promise<TTimesheetSettings> {
  const { body } = options;
  const saved = await withActor(db, options.actorId, (tx) => tx.updateTable('timesheet_settings').set({
    week_starts_on: body.weekStartsOn, billing_requires_approval: body.billingRequiresApproval, timer_rounding: body.timerRounding,
  }).where('id', '=', 1).where('version', '=', body.version).returning('id').executeTakeFirst());
  const current = await readTimesheetSettings(db);
  if (!saved) throw new AppError('EDIT_CONFLICT', undefined, { current });
  return current;
}
