import { sql } from 'kysely';
import { toUiStatus } from '../../../core/action-items.ts';
import type { TSyncSummary } from '../../../core/api/calendar.ts';
import { buildEventPayload, eventIdFor, PRODUCT_NAME } from '../../../core/calendar/calendar-event.ts';
import { displayName } from '../../../core/people.ts';
import type { Db } from '../../db/connection.ts';
import { CalendarHttpError, isGone, type CalendarApi } from '../../integrations/google/calendar-api.ts';
import { JobError, type JobRunner } from '../../jobs/runner.ts';
import type { ApiHandle, CalendarConnection } from './connection.ts';
import { calendarJobError } from './errors.ts';

export const CALENDAR_QUEUE = 'calendar-sync';
/** NOTIFY channel of run summaries (the sync toast). */
export const CALENDAR_SUMMARY_CHANNEL = 'calendar_sync';
/**
 * Items leased per claim. They still go one at a time, in order; the batch shares the claim, the
 * lease heartbeat and the access token (read and decrypted once, not once per item).
 */
const BATCH_SIZE = 50;

/**
 * A queued item's job: `sync` (sync on: the form, or a change the event shows), `status` (a status
 * change, synced whatever the toggle says: SPEC §4), `delete` (the item or its event went).
 * projectId lets a project's card count its own queue.
 */
export type SyncPayload = ({ op: 'sync' | 'status' } | { op: 'delete'; eventId: string }) & { projectId?: string };

type ItemRow = {
  id: string; title: string; description: string; due_date: string | null; start_time: string | null; end_time: string | null;
  location: string | null; url: string | null; status: string; synced_to_calendar: boolean; google_event_id: string | null;
  calendar_generation: number; client_name: string; email: string | null; first_name: string | null; last_name: string | null;
};

/**
 * The items of a batch, read in one query when it is claimed. A change made after this read
 * bumps the job's revision, so the job stays queued and runs again on fresh data.
 */
async function loadItems(db: Db, ids: string[]): Promise<Map<string, ItemRow>> {
  const { rows } = await sql<ItemRow>`
    select a.id, a.title, a.description, a.due_date, a.start_time::text, a.end_time::text, a.location, a.url, a.status,
      a.synced_to_calendar, a.google_event_id, a.calendar_generation, cl.name as client_name, u.email, pr.first_name, pr.last_name
    from action_items a
    join projects p on p.id = a.project_id join cases c on c.id = p.case_id join clients cl on cl.id = c.client_id
    left join users u on u.id = a.assigned_to left join profiles pr on pr.id = a.assigned_to
    where a.id = any(${ids}::uuid[])`.execute(db);
  return new Map(rows.map((r) => [r.id, r]));
}

const storeEventId = (db: Db, itemId: string, eventId: string) =>
  sql`update action_items set google_event_id = ${eventId} where id = ${itemId}`.execute(db);

/**
 * SPEC §4 "One item": create, or update (a different returned id is stored); a missing event is
 * recreated. `always` (a status change) syncs even with the item's sync toggle off.
 */
async function syncItem(db: Db, api: CalendarApi, item: ItemRow | undefined, timeZone: string, always = false): Promise<void> {
  if (!item || !(item.synced_to_calendar || always)) return; // deleted, or sync turned off since it was queued
  const itemId = item.id;
  const built = buildEventPayload({
    shortDescription: item.title, longDescription: item.description, dueDate: item.due_date ?? '',
    startTime: item.start_time ?? '', endTime: item.end_time ?? '', location: item.location ?? '', url: item.url ?? '',
    status: toUiStatus(item.status), clientName: item.client_name,
    assigneeName: item.email ? displayName({ email: item.email, first_name: item.first_name, last_name: item.last_name }) : '',
  }, { timeZone, productName: PRODUCT_NAME });
  if (!built.ok) throw new JobError(built.error, { permanent: true });
  let generation = item.calendar_generation;
  if (item.google_event_id) {
    try {
      const event = (await api.updateEvent(item.google_event_id, built.value))!;
      if (event.id !== item.google_event_id) await storeEventId(db, itemId, event.id);
      return;
    } catch (error) {
      if (!isGone(error)) throw error;
    }
    // Deleted in Google: a new event, under a new id, committed before the create (idempotent on retry).
    generation += 1;
    await sql`update action_items set google_event_id = null, calendar_generation = ${generation}
      where id = ${itemId} and calendar_generation = ${item.calendar_generation}`.execute(db);
  }
  const eventId = eventIdFor(item.id, generation);
  let event;
  try {
    event = (await api.insertEvent(eventId, built.value))!;
  } catch (error) {
    if (!(error instanceof CalendarHttpError && error.status === 409)) throw error;
    // Created by an earlier attempt whose answer we never stored: adopt it.
    try {
      event = (await api.updateEvent(eventId, built.value))!;
    } catch (adoptError) {
      if (!isGone(adoptError)) throw adoptError;
      await sql`update action_items set calendar_generation = ${generation + 1} where id = ${itemId} and calendar_generation = ${generation}`.execute(db);
      throw new Error(item.google_event_id ? 'Failed to recreate calendar event' : 'Failed to create calendar event', { cause: adoptError });
    }
  }
  await storeEventId(db, itemId, event.id);
}

/** Deletes an item's event (404 and 410 count as success) and forgets it. */
async function deleteItemEvent(db: Db, api: CalendarApi, itemId: string, eventId: string): Promise<'removed' | 'alreadyRemoved'> {
  const outcome = (await api.deleteEvent(eventId)) ? 'removed' : 'alreadyRemoved';
  await sql`update action_items set google_event_id = null, calendar_generation = calendar_generation + 1
    where id = ${itemId} and google_event_id = ${eventId}`.execute(db);
  return outcome;
}

/** What the jobs of one claimed batch share: the calendar client (one token read) and their items (one query). */
interface Batch { handle: ApiHandle; items: Map<string, ItemRow> }

/** Registers the queue's handler; each run's summary (SPEC §3 "Sync summary") goes out on CALENDAR_SUMMARY_CHANNEL. */
export function registerCalendarWorker(jobs: JobRunner, deps: { db: Db; connection: CalendarConnection; timeZone: string }) {
  const { db, connection, timeZone } = deps;
  let run: TSyncSummary = { total: 0, success: 0, failed: 0, errors: [], results: [] };
  jobs.handle<SyncPayload, Batch>(CALENDAR_QUEUE, async (job, { handle, items }) => {
    try {
      const payload = job.payload;
      if (payload.op === 'delete') return await connection.withApi((api) => deleteItemEvent(db, api, job.key, payload.eventId), handle);
      if (payload.op === 'sync' || payload.op === 'status') {
        const item = items.get(job.key);
        return await connection.withApi((api) => syncItem(db, api, item, timeZone, payload.op === 'status'), handle);
      }
      throw new JobError('Unknown operation', { permanent: true });
    } catch (error) {
      throw calendarJobError(error);
    }
  }, {
    batchSize: BATCH_SIZE,
    prepare: async (batch) => ({ handle: {}, items: await loadItems(db, batch.map((j) => j.key)) }),
    onSettled: (job, outcome, error) => {
      run.total++;
      if (outcome === 'done') run.success++;
      else run.failed++;
      const message = error instanceof Error ? error.message : undefined;
      if (message && !run.errors.includes(message) && run.errors.length < 10) run.errors.push(message);
      if (run.results.length < 50) {
        run.results.push({ itemId: job.key, outcome: outcome === 'done' ? 'success' : 'failed', ...(message ? { error: message } : {}) });
      }
    },
    onIdle: async () => {
      if (run.total === 0) return;
      const summary = run;
      run = { total: 0, success: 0, failed: 0, errors: [], results: [] };
      await sql`select pg_notify(${CALENDAR_SUMMARY_CHANNEL}, ${JSON.stringify(summary)})`.execute(db);
    },
  });
}
