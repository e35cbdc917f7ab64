import { sql, type RawBuilder } from 'kysely';
import type { TTimeEntryBody, TTimeEntryResponse } from '../../../../core/api/time-tracking.ts';
import { ZTimeEntryBody } from '../../../../core/api/time-tracking.ts';
import { cleanInitials } from '../../../../core/time/time-rows.ts';
import { withActor, type DbOrTx, type Tx } from '../../../db/connection.ts';
import { AppError, refuse } from '../../../errors/app-error.ts';
import { assertMayChange, assertUnlocked, conflictWith, mayChangeAny, withInitials, type Viewer } from './access.ts';
import { personOf } from './person.ts';
import { frozenRates, rateKey } from './rates.ts';
import { timeEntryResponse, viewFor, type EntryRow, type EntryWeek } from './views.ts';
import { entryWeeks, splitWeek, weekJoin, type WeekColumns } from './weeks.ts';

// The one module that writes time entries (docs/decisions/128). Every writer comes here: the
// time-tracking page and the timesheet (PUT /api/time-entries/:id), the timer, the day's
// suggestions and the importer. It owns
//  - the initials rule: those sent, else the saver's own (a page's new row), else the person's
//    (the timer, a suggestion, an import), always cleaned by core's `cleanInitials`;
//  - the rate freeze: a new or re-titled entry stores its rate (core's `resolveRate`, rates.ts),
//    an import may bring the file's;
//  - the actor of the audit trigger, set by the write's own statement (`actor` CTE);
//  - the answers of the database's rules, which stay there for every path: the week lock
//    (CBW01 → 409), the bill lock (locked_bill, checked here and by the careful path), a deleted
//    id never coming back (CBD01 → 410), a retried create or a second click answered, not doubled.
// The source holds one insert of time entries: `insertStatement` below (write.test.ts counts).

/** A new entry, from whichever writer. */
interface NewTimeEntry {
  id: string;
  projectId: string;
  /** Whose time it is. */
  userId: string;
  entryDate: string;
  jobType: string;
  hours: number | string;
  description: string;
  workDetails?: string;
  /** Those the writer sends; absent: the person's own (their profile's). */
  initials?: string;
  /** The file's rate (an import); absent: frozen from the case and its rate code now. */
  rate?: number | string | null;
  /** 'action_item:<id>:<date>' or 'google:<event id>' for a suggestion. */
  source?: string | null;
  /** An imported row's fingerprint: a second import of it inserts nothing. */
  importFingerprint?: string | null;
}

type Saved = { row: EntryRow; week: EntryWeek };

/** The initials of each person, cleaned as every entry's are (one query; none when nobody needs them). */
async function initialsOf(db: DbOrTx, userIds: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(userIds)];
  if (!unique.length) return new Map();
  const rows = await db.selectFrom('profiles').select(['id', 'initials']).where('id', 'in', unique).execute();
  return new Map(rows.map((row) => [row.id, cleanInitials(row.initials)]));
}

/** The entries with their initials and frozen rates filled in. */
async function completed(db: DbOrTx, entries: readonly NewTimeEntry[]) {
  const [rates, initials] = await Promise.all([
    frozenRates(db, entries.filter((e) => e.rate === undefined).map((e) => [e.projectId, e.jobType, e.entryDate] as const)),
    initialsOf(db, entries.filter((e) => e.initials === undefined).map((e) => e.userId)),
  ]);
  return entries.map((e) => ({
    ...e,
    initials: e.initials === undefined ? initials.get(e.userId) ?? '' : cleanInitials(e.initials),
    rate: e.rate === undefined ? rates.get(rateKey(e.projectId, e.jobType, e.entryDate)) ?? null : e.rate,
  }));
}

/**
 * The one insert of time entries: any number of rows as arrays (unnest), one statement that
 * names the audit's actor, gives each row its project's case and client (so the per-row fill-in
 * trigger is skipped, migration 025) and leaves out a row whose id, source or fingerprint is
 * taken. `answer` reads the inserted rows (`inserted`).
 */
async function insertStatement<R>(
  db: DbOrTx,
  options: { actorId: string; entries: readonly NewTimeEntry[]; answer: RawBuilder<unknown> },
): Promise<R[]> {
  const { actorId } = options;
  const rows = await completed(db, options.entries);
  const column = <T>(pick: (e: (typeof rows)[number]) => T) => rows.map(pick);
  const { rows: answered } = await sql<R>`
    with actor as (select set_config('casebook.actor', ${actorId}, true) as actor_id),
    inserted as (
      insert into time_entries (id, project_id, case_id, client_id, user_id, created_by, entry_date, job_type, hours, rate,
        description, work_details, initials, source, import_fingerprint)
      select r.id, r.project_id, p.case_id, c.client_id, r.user_id, ${actorId}::uuid, r.entry_date, r.job_type, r.hours, r.rate,
        r.description, r.work_details, r.initials, r.source, r.fingerprint
      from actor cross join unnest(
        ${column((e) => e.id)}::uuid[], ${column((e) => e.projectId)}::uuid[], ${column((e) => e.userId)}::uuid[],
        ${column((e) => e.entryDate)}::date[], ${column((e) => e.jobType)}::text[], ${column((e) => String(e.hours))}::numeric[],
        ${column((e) => (e.rate === null ? null : String(e.rate)))}::numeric[], ${column((e) => e.description)}::text[],
        ${column((e) => e.workDetails ?? '')}::text[], ${column((e) => e.initials)}::text[],
        ${column((e) => e.source ?? null)}::text[], ${column((e) => e.importFingerprint ?? null)}::text[]
      ) with ordinality as r (id, project_id, user_id, entry_date, job_type, hours, rate, description, work_details, initials,
        source, fingerprint, n)
      left join projects p on p.id = r.project_id
      left join cases c on c.id = p.case_id
      order by r.n
      on conflict do nothing
      returning *
    )
    ${options.answer}`.execute(db);
  return answered;
}

/** Inserts the entries as `actorId`, answering each inserted row with its week; a row whose id or source is taken is left out. */
async function insertEntries(db: DbOrTx, options: { actorId: string; entries: readonly NewTimeEntry[] }): Promise<Saved[]> {
  const saved = await insertStatement<EntryRow & WeekColumns>(db, {
    ...options, answer: sql`select e.*, w.* from inserted e ${weekJoin}`,
  });
  return saved.map(splitWeek);
}

/** An import's batch (inside its transaction): inserted as the importing person, a row already imported (fingerprint) left out. */
export async function importTimeEntries(tx: Tx, options: { actorId: string; entries: readonly NewTimeEntry[] }): Promise<number> {
  if (!options.entries.length) return 0;
  const [counted] = await insertStatement<{ n: number }>(tx, { ...options, answer: sql`select count(*)::int as n from inserted` });
  return counted?.n ?? 0;
}

// ——— PUT /api/time-entries/:id: the time-tracking page and the timesheet's cells ———

type Body = ReturnType<typeof ZTimeEntryBody.parse>;

const sameValues = (row: EntryRow, body: Body) =>
  row.entry_date === body.entryDate && row.job_type === body.jobType && Number(row.hours) === body.hours
  && row.initials === body.initials && row.work_details === body.workDetails && row.description === body.description;

const columns = (body: Body) => ({
  entry_date: body.entryDate, job_type: body.jobType, hours: body.hours, initials: body.initials,
  work_details: body.workDetails, description: body.description,
});

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
  const saved = await quickSave(db, { id, body, viewer, owner })
    ?? await withActor(db, viewer.id, (tx) => carefulSave(tx, { id, body, viewer, owner }));
  return timeEntryResponse(saved.row, viewer, saved.week);
}

type Save = { id: string; body: Body; viewer: Viewer; owner: string };

const newEntry = ({ id, body, owner }: Save): NewTimeEntry => ({
  id, projectId: body.projectId, userId: owner, entryDate: body.entryDate, jobType: body.jobType, hours: body.hours,
  initials: body.initials, workDetails: body.workDetails, description: body.description,
});

/**
 * The everyday saves: a new row (its rate read, then one INSERT), or an update that keeps the job
 * title (so the stored rate stays) in one statement whose WHERE holds every check: the version,
 * the project, no issued bill, and a limited user's own row. Undefined for anything else, which
 * goes the careful way to find out why.
 */
async function quickSave(db: DbOrTx, save: Save): Promise<Saved | undefined> {
  const { id, body, viewer } = save;
  if (body.version === undefined) return (await insertEntries(db, { actorId: viewer.id, entries: [newEntry(save)] }))[0];
  const { rows } = await sql<EntryRow & WeekColumns>`
    with actor as (select set_config('casebook.actor', ${viewer.id}, true) as actor_id),
    saved as (
      update time_entries t
      set entry_date = ${body.entryDate}, job_type = ${body.jobType}, hours = ${body.hours}, initials = ${body.initials},
        work_details = ${body.workDetails}, description = ${body.description}
      from actor
      where t.id = ${id} and t.version = ${body.version} and t.project_id = ${body.projectId} and t.job_type = ${body.jobType}
        and t.locked_bill is null ${mayChangeAny(viewer) ? sql`` : sql`and t.created_by = ${viewer.id}`}
      returning t.*
    )
    select e.*, w.* from saved e ${weekJoin}`.execute(db);
  return rows[0] && splitWeek(rows[0]);
}

// In a transaction, with the row locked: a retried create, a conflict, a changed job title,
// a deleted row or a refused change, each with its answer.
async function carefulSave(tx: Tx, save: Save): Promise<Saved> {
  const { id, body, viewer } = save;
  const view = viewFor(viewer);
  const existing = await tx.selectFrom('time_entries').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (existing) assertUnlocked(existing);
  if (body.version === undefined) {
    if (existing) return withWeek(tx, await retriedCreate(tx, { existing, body, viewer, view }));
    const [inserted] = await insertEntries(tx, { actorId: viewer.id, entries: [newEntry(save)] });
    if (!inserted) throw new AppError('DUPLICATE_RECORD');
    return inserted;
  }
  if (!existing) throw new AppError('RECORD_NOT_FOUND', 'This entry was deleted by someone else.');
  return withWeek(tx, await update(tx, { existing, body, version: body.version, viewer, view }));
}

const withWeek = async (db: DbOrTx, row: EntryRow): Promise<Saved> => ({ row, week: (await entryWeeks(db, [row]))(row) });

// The first save reached the server but its answer was lost: the browser still has no version.
async function retriedCreate(
  tx: Tx,
  options: { existing: EntryRow; body: Body; viewer: Viewer; view: (row: EntryRow) => unknown },
): Promise<EntryRow> {
  const { existing } = options;
  const mine = existing.created_by === options.viewer.id && existing.project_id === options.body.projectId;
  if (!mine || existing.version !== 1) throw conflictWith(options.view(existing));
  if (sameValues(existing, options.body)) return existing;
  return update(tx, { ...options, existing, version: 1 });
}

async function update(
  tx: Tx,
  options: { existing: EntryRow; body: Body; version: number; viewer: Viewer; view: (row: EntryRow) => unknown },
): Promise<EntryRow> {
  const { existing, body, version } = options;
  await assertMayChange(tx, options.viewer, existing);
  if (existing.project_id !== body.projectId) throw refuse('projectId', 'An entry cannot move to another project.', 'same_project');
  if (existing.version !== version) throw conflictWith(options.view(existing));
  const rate = existing.job_type === body.jobType
    ? existing.rate
    : (await frozenRates(tx, [[body.projectId, body.jobType, body.entryDate]])).get(rateKey(body.projectId, body.jobType, body.entryDate)) ?? null;
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

// ——— The timer and the day's suggestions (docs/decisions/089, 186) ———

/** A stopped timer's or an accepted suggestion's entry: the person's initials, the rate frozen now, where it came from. */
export interface BookedEntry {
  id: string;
  userId: string;
  createdBy: string;
  projectId: string;
  jobType: string;
  date: string;
  hours: number;
  description: string;
  /** 'action_item:<id>:<date>' or 'google:<event id>' for a suggestion; null for a timer. */
  source: string | null;
}

/**
 * The entry already made for this id or (a suggestion) this source of the person: a retried stop
 * or a second click answers it instead of booking twice.
 */
export async function bookedEntry(tx: Tx, entry: Pick<BookedEntry, 'id' | 'userId' | 'source'>): Promise<EntryRow | undefined> {
  return tx.selectFrom('time_entries').selectAll()
    .where((eb) => eb.or([
      eb('id', '=', entry.id),
      ...(entry.source === null ? [] : [eb.and([eb('user_id', '=', entry.userId), eb('source', '=', entry.source)])]),
    ]))
    .orderBy('created_at').executeTakeFirst();
}

/**
 * Books the entry in the caller's transaction, as `createdBy`; undefined when its id or source
 * was taken in between. The week lock (trigger time_entries_week_lock_insert) refuses a closed week.
 */
export async function bookEntry(tx: Tx, entry: BookedEntry): Promise<Saved | undefined> {
  const [saved] = await insertEntries(tx, {
    actorId: entry.createdBy,
    entries: [{
      id: entry.id, userId: entry.userId, projectId: entry.projectId, jobType: entry.jobType, entryDate: entry.date,
      hours: entry.hours, description: entry.description, source: entry.source,
    }],
  });
  return saved;
}
