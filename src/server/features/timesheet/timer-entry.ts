import type { Selectable } from 'kysely';
import type { Tx } from '../../db/connection.ts';
import type { TimeEntriesTable } from '../../db/types.ts';
import { rateFor } from '../time-tracking/job-titles.ts';

// The time entry a stopped timer or an accepted suggestion becomes (docs/decisions/089): the rate
// resolved as every new entry's is, the person's initials, and where it came from.

export type EntryRow = Selectable<TimeEntriesTable>;

export interface NewEntry {
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
export async function bookedEntry(tx: Tx, entry: Pick<NewEntry, 'id' | 'userId' | 'source'>): Promise<EntryRow | undefined> {
  return tx.selectFrom('time_entries').selectAll()
    .where((eb) => eb.or([
      eb('id', '=', entry.id),
      ...(entry.source === null ? [] : [eb.and([eb('user_id', '=', entry.userId), eb('source', '=', entry.source)])]),
    ]))
    .orderBy('created_at').executeTakeFirst();
}

/**
 * Books the entry (the caller's transaction names the actor); undefined when its id or source
 * was taken in between. The week lock (trigger time_entries_week_lock) refuses a closed week.
 */
export async function insertBookedEntry(tx: Tx, entry: NewEntry): Promise<EntryRow | undefined> {
  const rate = await rateFor(tx, { projectId: entry.projectId, jobType: entry.jobType });
  const person = await tx.selectFrom('profiles').select('initials').where('id', '=', entry.userId).executeTakeFirst();
  return tx.insertInto('time_entries').values({
    id: entry.id, user_id: entry.userId, created_by: entry.createdBy, project_id: entry.projectId, job_type: entry.jobType,
    entry_date: entry.date, hours: entry.hours, description: entry.description, initials: person?.initials ?? '', rate, source: entry.source,
  }).onConflict((oc) => oc.doNothing()).returningAll().executeTakeFirst();
}
