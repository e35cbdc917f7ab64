import type { Selectable } from 'kysely';
import type { TTimeEntry, TTimeEntryBody, TTimeEntryCosted, TTimeEntryResponse } from '../../../core/api/time-tracking.ts';
import { ZTimeEntryBody } from '../../../core/api/time-tracking.ts';
import { costOf } from '../../../core/money.ts';
import { withActor, type DbOrTx, type Tx } from '../../db/connection.ts';
import type { TimeEntriesTable } from '../../db/types.ts';
import { AppError, refuse } from '../../errors/app-error.ts';
import { assertMayChange, assertUnlocked, conflictWith, iso, withInitials, type Viewer } from './entry-access.ts';
import { insertEntry, updateEntry } from './entry-writes.ts';
import { rateFor } from './job-titles.ts';
import { entryWeeks } from '../timesheet/entry-weeks.ts';
import { personOf } from '../timesheet/person.ts';

type Row = Selectable<TimeEntriesTable>;
type Body = ReturnType<typeof ZTimeEntryBody.parse>;
type Week = TTimeEntry['week'];

const num = (value: string | null) => (value === null ? null : Number(value));

/** The entry without money; `week` only when its week is submitted, approved or rejected (issue 25). */
export function timeEntryView(row: Row, week?: Week): TTimeEntry {
  return {
    ...(week && { week }),
    id: row.id, projectId: row.project_id, entryDate: row.entry_date, jobType: row.job_type, hours: Number(row.hours),
    initials: row.initials, workDetails: row.work_details, description: row.description,
    createdBy: row.created_by, userId: row.user_id, version: row.version, updatedAt: iso(row.updated_at), billNumber: row.locked_bill,
  };
}

/** One entry as answered to its saver: without money, with its week when that is not open. */
export async function entryWithWeek(db: DbOrTx, row: Row): Promise<TTimeEntry> {
  return timeEntryView(row, (await entryWeeks(db, [row]))(row));
}

/** Super admins' view: the stored rate and cost = hours × stored rate. */
function timeEntryCostedView(row: Row, week?: Week): TTimeEntryCosted {
  const rate = num(row.rate);
  return { ...timeEntryView(row, week), rate, cost: costOf(Number(row.hours), rate) };
}

/** Money leaves the server only for super admins; everyone else gets the schema without it. */
function timeEntryResponse(row: Row, viewer: Viewer, week: Week): TTimeEntryResponse {
  return viewer.isSuperAdmin
    ? { money: true, entry: timeEntryCostedView(row, week) }
    : { money: false, entry: timeEntryView(row, week) };
}

const viewFor = (viewer: Viewer) => (row: Row) => (viewer.isSuperAdmin ? timeEntryCostedView(row) : timeEntryView(row));

const sameValues = (row: Row, body: Body) =>
  row.entry_date === body.entryDate && row.job_type === body.jobType && Number(row.hours) === body.hours
  && row.initials === body.initials && row.work_details === body.workDetails && row.description === body.description;

/**
 * PUT /api/time-entries/:id — create-or-update by the browser-made id (SPEC §4, ADR 031).
 * Without a version it is a create; a retried create of the same row answers the stored row
 * instead of a duplicate. With a version it is an update that fails with EDIT_CONFLICT (409,
 * current row in the caller's view) when someone saved the row in between. The rate is resolved
 * when the row is created or its job title changes, and stored. `userId` makes an admin's new entry
 * another person's time (a limited user naming someone else gets 403).
 */
export async function saveTimeEntry(
  db: DbOrTx,
  options: { id: string; body: TTimeEntryBody; viewer: Viewer },
): Promise<TTimeEntryResponse> {
  const { id, viewer } = options;
  const body = withInitials(ZTimeEntryBody.parse(options.body), viewer);
  const owner = personOf(viewer, body.userId);
  const row = await quickSave(db, { id, body, viewer, owner })
    ?? await withActor(db, viewer.id, (tx) => carefulSave(tx, { id, body, viewer, owner }));
  return timeEntryResponse(row, viewer, (await entryWeeks(db, [row]))(row));
}

const columns = (body: Body) => ({
  entry_date: body.entryDate, job_type: body.jobType, hours: body.hours, initials: body.initials,
  work_details: body.workDetails, description: body.description,
});


// The everyday saves, one statement each: a new row, or an update that keeps the job title
// (so the stored rate stays). Anything else goes the careful way.
type Save = { id: string; body: Body; viewer: Viewer; owner: string };

async function quickSave(db: DbOrTx, { id, body, viewer, owner }: Save) {
  if (body.version !== undefined) {
    return updateEntry(db, {
      table: 'time_entries', viewer, id, version: body.version, projectId: body.projectId,
      unchanged: { job_type: body.jobType }, values: columns(body),
    });
  }
  const rate = await rateFor(db, { projectId: body.projectId, jobType: body.jobType });
  return insertEntry(db, {
    table: 'time_entries', viewer,
    values: { id, project_id: body.projectId, user_id: owner, created_by: viewer.id, rate, ...columns(body) },
  });
}

// In a transaction, with the row locked: a retried create, a conflict, a changed job title,
// a deleted row or a refused change, each with its answer.
async function carefulSave(tx: Tx, { id, body, viewer, owner }: Save): Promise<Row> {
  const view = viewFor(viewer);
  const existing = await tx.selectFrom('time_entries').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (existing) assertUnlocked(existing);
  if (body.version === undefined) {
    if (existing) return retriedCreate(tx, { existing, body, viewer, view });
    const rate = await rateFor(tx, { projectId: body.projectId, jobType: body.jobType });
    return tx.insertInto('time_entries')
      .values({ id, project_id: body.projectId, user_id: owner, created_by: viewer.id, rate, ...columns(body) })
      .returningAll().executeTakeFirstOrThrow();
  }
  if (!existing) throw new AppError('RECORD_NOT_FOUND', 'This entry was deleted by someone else.');
  return update(tx, { existing, body, version: body.version, viewer, view });
}

// The first save reached the server but its answer was lost: the browser still has no version.
async function retriedCreate(
  tx: DbOrTx,
  options: { existing: Row; body: Body; viewer: Viewer; view: (row: Row) => unknown },
): Promise<Row> {
  const { existing } = options;
  const mine = existing.created_by === options.viewer.id && existing.project_id === options.body.projectId;
  if (!mine || existing.version !== 1) throw conflictWith(options.view(existing));
  if (sameValues(existing, options.body)) return existing;
  return update(tx, { ...options, existing, version: 1 });
}

async function update(
  tx: DbOrTx,
  options: { existing: Row; body: Body; version: number; viewer: Viewer; view: (row: Row) => unknown },
): Promise<Row> {
  const { existing, body, version } = options;
  await assertMayChange(tx, options.viewer, existing);
  if (existing.project_id !== body.projectId) throw refuse('projectId', 'An entry cannot move to another project.', 'same_project');
  if (existing.version !== version) throw conflictWith(options.view(existing));
  const rate = existing.job_type === body.jobType
    ? existing.rate
    : await rateFor(tx, { projectId: body.projectId, jobType: body.jobType });
  return tx.updateTable('time_entries').set({ ...columns(body), rate }).where('id', '=', existing.id).returningAll().executeTakeFirstOrThrow();
}

/**
 * DELETE /api/time-entries/:id. Deleting a row that is already gone succeeds (a retried delete);
 * with a version, a row changed by someone else in between is a conflict, not a silent loss.
 */
export async function deleteTimeEntry(db: DbOrTx, options: { id: string; version?: number; viewer: Viewer }) {
  const { viewer } = options;
  await withActor(db, viewer.id, async (tx) => {
    const existing = await tx.selectFrom('time_entries').selectAll().where('id', '=', options.id).forUpdate().executeTakeFirst();
    if (!existing) return;
    assertUnlocked(existing);
    await assertMayChange(tx, viewer, existing);
    if (options.version !== undefined && existing.version !== options.version) throw conflictWith(viewFor(viewer)(existing));
    await tx.deleteFrom('time_entries').where('id', '=', options.id).execute();
  });
}

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
