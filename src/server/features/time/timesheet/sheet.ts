import type { TTimesheet, TTimesheetRow } from '../../../../core/api/timesheet.ts';
import { displayName, initialsFor } from '../../../../core/people.ts';
import { weekDays } from '../../../../core/time/weeks.ts';
import type { DbOrTx } from '../../../db/connection.ts';
import { AppError } from '../../../errors/app-error.ts';
import type { Viewer } from '../entries/access.ts';
import { projectLabel } from '../tracking/project-search.ts';
import { timeEntryView } from '../entries/views.ts';
import { isApprover, mayDecide, personOf } from '../entries/person.ts';
import { readTimesheetSettings } from './settings.ts';
import { readWeek, weekStateOf } from './week-state.ts';
import { weekStartOf } from '../../../../core/dates/iso-date.ts';

const projectColumns = ['p.project_number', 'p.project_name', 'c.file_number', 'cl.name as client_name'] as const;

/** A person's entries of one week with their projects' labels (the user-and-date index). */
function weekEntries(db: DbOrTx, userId: string, days: string[]) {
  return db.selectFrom('time_entries as t').innerJoin('projects as p', 'p.id', 't.project_id')
    .innerJoin('cases as c', 'c.id', 'p.case_id').innerJoin('clients as cl', 'cl.id', 'c.client_id')
    .selectAll('t').select(projectColumns)
    .where('t.user_id', '=', userId).where('t.entry_date', '>=', days[0]!).where('t.entry_date', '<=', days[6]!)
    .orderBy('t.created_at').orderBy('t.id').execute();
}

function keptRows(db: DbOrTx, userId: string, weekStart: string) {
  return db.selectFrom('timesheet_rows as r').innerJoin('projects as p', 'p.id', 'r.project_id')
    .innerJoin('cases as c', 'c.id', 'p.case_id').innerJoin('clients as cl', 'cl.id', 'c.client_id')
    .select(['r.project_id', 'r.job_type']).select(projectColumns)
    .where('r.user_id', '=', userId).where('r.week_start', '=', weekStart).execute();
}

async function personRow(db: DbOrTx, userId: string) {
  const row = await db.selectFrom('users as u').leftJoin('profiles as pr', 'pr.id', 'u.id')
    .select(['u.id', 'u.email', 'u.first_name', 'u.last_name', 'pr.initials']).where('u.id', '=', userId).executeTakeFirst();
  if (!row) throw new AppError('RECORD_NOT_FOUND', 'This person was not found.');
  const name = displayName(row);
  return { id: row.id, name, initials: row.initials || initialsFor(row.email, name) };
}

/** GET /api/timesheet: one person's week as rows of project × job title, seven cells each. No money, for any role. */
export async function readTimesheet(
  db: DbOrTx,
  options: { viewer: Viewer; userId?: string; week?: string; today: string },
): Promise<TTimesheet> {
  const userId = personOf(options.viewer, options.userId);
  const settings = await readTimesheetSettings(db);
  const weekStart = weekStartOf(options.week ?? options.today, settings.weekStartsOn);
  const days = weekDays(weekStart);
  const [person, entries, kept, stored] = await Promise.all([
    personRow(db, userId), weekEntries(db, userId, days), keptRows(db, userId, weekStart), readWeek(db, { userId, weekStart }),
  ]);
  const week = weekStateOf(stored);
  const entryWeek = week.status === 'open' ? undefined : { status: week.status, lockMessage: week.lockMessage };
  const rows = new Map<string, TTimesheetRow>();
  const rowOf = (r: { project_id: string; job_type: string } & Parameters<typeof projectLabel>[0] & { client_name: string }) => {
    const key = `${r.project_id}\u0000${r.job_type}`;
    let row = rows.get(key);
    if (!row) {
      row = {
        projectId: r.project_id, projectLabel: projectLabel(r), clientName: r.client_name, jobType: r.job_type,
        cells: days.map((date) => ({ date, entries: [] })), kept: false,
      };
      rows.set(key, row);
    }
    return row;
  };
  for (const r of kept) rowOf(r).kept = true;
  for (const e of entries) rowOf(e).cells[days.indexOf(e.entry_date)]!.entries.push(timeEntryView(e, entryWeek));
  const sorted = [...rows.values()].sort((a, b) => a.projectLabel.localeCompare(b.projectLabel) || a.jobType.localeCompare(b.jobType));
  return {
    person, weekStart, days, weekStartsOn: settings.weekStartsOn, week, rows: sorted, mayApprove: isApprover(options.viewer),
    mayDecide: await mayDecide(db, options.viewer, person.id),
  };
}
