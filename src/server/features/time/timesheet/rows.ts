import { sql } from 'kysely';
import type { TTimesheetRowBody } from '../../../../core/api/timesheet.ts';
import { ZCopyWeekBody, ZTimesheetRowBody } from '../../../../core/api/timesheet.ts';
import type { DbOrTx } from '../../../db/connection.ts';
import type { Viewer } from '../entries/access.ts';
import { personOf } from '../entries/person.ts';
import { addDays } from '../../../../core/dates/iso-date.ts';

// Rows a person keeps on a week's timesheet before any hours are in them (timesheet_rows).

/** POST /api/timesheet/rows: keeps the row (project × job title) on the week; adding it twice is a no-op. */
export async function addRow(db: DbOrTx, options: { viewer: Viewer; body: TTimesheetRowBody }) {
  const body = ZTimesheetRowBody.parse(options.body);
  await db.insertInto('timesheet_rows').values({
    user_id: personOf(options.viewer, body.userId), week_start: body.weekStart, project_id: body.projectId, job_type: body.jobType,
  }).onConflict((oc) => oc.doNothing()).execute();
}

/** DELETE /api/timesheet/rows: forgets the kept row; its entries (if any) stay and keep the row on the sheet. */
export async function removeRow(db: DbOrTx, options: { viewer: Viewer; body: TTimesheetRowBody }) {
  const body = ZTimesheetRowBody.parse(options.body);
  await db.deleteFrom('timesheet_rows').where('user_id', '=', personOf(options.viewer, body.userId))
    .where('week_start', '=', body.weekStart).where('project_id', '=', body.projectId).where('job_type', '=', body.jobType)
    .execute();
}

/**
 * POST /api/timesheet/copy-last-week: the rows of the week before (from its entries and its kept
 * rows), no hours. Rows the week has already are not added again; the answer counts the new ones.
 */
export async function copyLastWeek(db: DbOrTx, options: { viewer: Viewer; body: { userId?: string; weekStart: string } }) {
  const body = ZCopyWeekBody.parse(options.body);
  const userId = personOf(options.viewer, body.userId);
  const from = addDays(body.weekStart, -7);
  const to = addDays(body.weekStart, 6);
  const { rows } = await sql<{ added: string }>`
    with last as (
      select project_id, job_type from time_entries where user_id = ${userId} and entry_date between ${from}::date and ${from}::date + 6
      union
      select project_id, job_type from timesheet_rows where user_id = ${userId} and week_start = ${from}::date
    ), added as (
      insert into timesheet_rows (user_id, week_start, project_id, job_type)
      select ${userId}, ${body.weekStart}::date, l.project_id, l.job_type from last l
      where not exists (select 1 from time_entries t where t.user_id = ${userId} and t.project_id = l.project_id
        and t.job_type = l.job_type and t.entry_date between ${body.weekStart}::date and ${to}::date)
      on conflict do nothing
      returning 1
    )
    select count(*)::text as added from added`.execute(db);
  return { added: Number(rows[0]!.added) };
}
