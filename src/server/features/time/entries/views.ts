import type { Selectable } from 'kysely';
import type { TTimeEntry, TTimeEntryCosted, TTimeEntryResponse } from '../../../../core/api/time-tracking.ts';
import { costOf } from '../../../../core/money.ts';
import type { DbOrTx } from '../../../db/connection.ts';
import type { TimeEntriesTable } from '../../../db/types.ts';
import { iso, type Viewer } from './access.ts';
import { entryWeeks } from './weeks.ts';

// Time entries as the screens read them: without money for everyone but super admins (SPEC §6),
// with their week when it is not simply open (issue 25).

export type EntryRow = Selectable<TimeEntriesTable>;
export type EntryWeek = TTimeEntry['week'];

const num = (value: string | null) => (value === null ? null : Number(value));

/** The entry without money; `week` only when its week is submitted, approved or rejected (issue 25). */
export function timeEntryView(row: EntryRow, week?: EntryWeek): TTimeEntry {
  return {
    ...(week && { week }),
    id: row.id, projectId: row.project_id, entryDate: row.entry_date, jobType: row.job_type, hours: Number(row.hours),
    initials: row.initials, workDetails: row.work_details, description: row.description,
    createdBy: row.created_by, userId: row.user_id, version: row.version, updatedAt: iso(row.updated_at), billNumber: row.locked_bill,
  };
}

/** One entry as answered to its saver: without money, with its week when that is not open. */
export async function entryWithWeek(db: DbOrTx, row: EntryRow): Promise<TTimeEntry> {
  return timeEntryView(row, (await entryWeeks(db, [row]))(row));
}

/** Super admins' view: the stored rate and cost = hours × stored rate. */
function timeEntryCostedView(row: EntryRow, week?: EntryWeek): TTimeEntryCosted {
  const rate = num(row.rate);
  return { ...timeEntryView(row, week), rate, cost: costOf(Number(row.hours), rate) };
}

/** Money leaves the server only for super admins; everyone else gets the schema without it. */
export function timeEntryResponse(row: EntryRow, viewer: Viewer, week: EntryWeek): TTimeEntryResponse {
  return viewer.isSuperAdmin
    ? { money: true, entry: timeEntryCostedView(row, week) }
    : { money: false, entry: timeEntryView(row, week) };
}

/** The entry in the viewer's view (a conflict's current row). */
export const viewFor = (viewer: Viewer) => (row: EntryRow) => (viewer.isSuperAdmin ? timeEntryCostedView(row) : timeEntryView(row));

/**
 * Time entries of a project, newest date first. Super admins read the time_entry_totals view,
 * whose total_amount is the row cost (SPEC §7); everyone else reads the table without money.
 */
export async function listTimeEntries(db: DbOrTx, options: { projectId: string; viewer: Viewer }) {
  if (options.viewer.isSuperAdmin) {
    const rows = await db.selectFrom('time_entry_totals').selectAll().where('project_id', '=', options.projectId)
      .orderBy('entry_date', 'desc').orderBy('created_at').execute();
    const weekOf = await entryWeeks(db, rows);
    return rows.map((row): TTimeEntryCosted => ({ ...timeEntryView(row, weekOf(row)), rate: num(row.rate), cost: Number(row.total_amount) }));
  }
  const rows = await db.selectFrom('time_entries').selectAll().where('project_id', '=', options.projectId)
    .orderBy('entry_date', 'desc').orderBy('created_at').execute();
  const weekOf = await entryWeeks(db, rows);
  return rows.map((row) => timeEntryView(row, weekOf(row)));
}
