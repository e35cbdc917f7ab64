import { sql } from 'kysely';
import { eventIdFor } from '../../../core/calendar/calendar-event.ts';
import { deadlineEventPayload, type DeadlineKind, type DeadlineSource } from '../../../core/calendar/deadlines.ts';
import { displayName } from '../../../core/people.ts';
import type { Db } from '../../db/connection.ts';
import { CalendarHttpError, isGone, type CalendarApi } from '../../integrations/google/calendar-api.ts';
import { notify } from '../../jobs/queue.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import { type CalendarConnection, CalendarUnavailable, calendarJobError } from '../calendar/index.ts';
import { isoOf } from './reads.ts';

// Deadlines on the firm's Google Calendar (issue 41, docs/decisions/174), the way action items go
// (docs/decisions/051): a trigger on case_deadlines queues the deadline's job ('deadline-calendar',
// key = its id, latest wins) with every change its event shows; the job creates the event under an
// id of ours (the deadline's UUID, hex) or updates it in place, so a moved date moves the event and
// a repeated create is an update. A removed deadline's event is deleted. With no calendar connected
// a job does nothing; once one is, a look every 10 minutes queues the deadlines that have no event.

export const DEADLINE_CALENDAR_QUEUE = 'deadline-calendar';

type Payload = { op: 'sync' } | { op: 'delete'; eventId: string };

interface Row {
  id: string; title: string; kind: DeadlineKind; source: DeadlineSource; due_date: string; notes: string; set_by_hand: boolean;
  google_event_id: string | null; calendar_generation: number; file_number: string; case_name: string | null; client_name: string;
  email: string | null; first_name: string | null; last_name: string | null;
}

async function loadDeadline(db: Db, id: string): Promise<Row | undefined> {
  return (await sql<Row>`
    select d.id, d.title, d.kind, d.source, d.due_date::text as due_date, d.notes, d.set_by_hand, d.google_event_id, d.calendar_generation,
      c.file_number, c.case_name, cl.name as client_name, u.email, p.first_name, p.last_name
    from case_deadlines d join cases c on c.id = d.case_id join clients cl on cl.id = c.client_id
    left join users u on u.id = d.assignee_id left join profiles p on p.id = d.assignee_id
    where d.id = ${id}`.execute(db)).rows[0];
}

/** Creates the deadline's event, or updates the one it has in place (a deleted one is made again under a new id). */
async function syncDeadline(db: Db, api: CalendarApi, d: Row): Promise<void> {
  const payload = deadlineEventPayload({
    title: d.title, kind: d.kind, source: d.source, dueDate: isoOf(d.due_date), fileNumber: d.file_number, caseName: d.case_name,
    clientName: d.client_name, notes: d.notes, setByHand: d.set_by_hand,
    assigneeName: d.email ? displayName({ email: d.email, first_name: d.first_name, last_name: d.last_name }) : '',
  });
  let generation = d.calendar_generation;
  if (d.google_event_id) {
    try {
      await api.updateEvent(d.google_event_id, payload);
      return;
    } catch (error) {
      if (!isGone(error)) throw error;
    }
    // Deleted in Google: a new event under a new id, the generation committed before the create.
    generation += 1;
    await sql`update case_deadlines set google_event_id = null, calendar_generation = ${generation}
      where id = ${d.id} and calendar_generation = ${d.calendar_generation}`.execute(db);
  }
  const eventId = eventIdFor(d.id, generation);
  try {
    await api.insertEvent(eventId, payload);
  } catch (error) {
    if (!(error instanceof CalendarHttpError && error.status === 409)) throw error;
    // Made by an earlier attempt whose answer we never stored: adopt it.
    await api.updateEvent(eventId, payload);
  }
  await sql`update case_deadlines set google_event_id = ${eventId} where id = ${d.id}`.execute(db);
}

/** Deadlines never put on the calendar (made while none was connected) are queued once one is. */
const CATCH_UP_EVERY_MS = 10 * 60_000;

/**
 * Queues every deadline without an event while a calendar is connected (one statement; a key
 * already queued, or failed, is left as it is). Returns how many it queued.
 */
export async function queueUnsyncedDeadlines(db: Db): Promise<number> {
  const result = await sql`
    insert into jobs (queue, key, payload, run_at, max_attempts)
    select ${DEADLINE_CALENDAR_QUEUE}, d.id::text, '{"op": "sync"}'::jsonb, now(), 10 from case_deadlines d
    where d.google_event_id is null
      and exists (select 1 from calendar_connection where (refresh_token is not null or access_token is not null) and not needs_reconnect)
    on conflict (queue, key) do nothing`.execute(db);
  const queued = Number(result.numAffectedRows ?? 0);
  if (queued) await notify(db, { queue: DEADLINE_CALENDAR_QUEUE, key: '*', event: 'queued' });
  return queued;
}

/** Nothing to put it on: no calendar is set up or connected (the catch-up queues it once one is). */
const noCalendar = (error: unknown) => error instanceof CalendarUnavailable && (error.reason === 'notConfigured' || error.reason === 'notConnected');

export function registerDeadlineCalendar(jobs: JobRunner, deps: { db: Db; connection: CalendarConnection }): void {
  const { db, connection } = deps;
  jobs.every('deadline-calendar-catch-up', { everyMs: CATCH_UP_EVERY_MS }, async () => {
    await queueUnsyncedDeadlines(db);
  }, { runAtStart: true });
  jobs.handle<Payload>(DEADLINE_CALENDAR_QUEUE, async (job) => {
    try {
      if (job.payload.op === 'delete') {
        const { eventId } = job.payload;
        await connection.withApi((api) => api.deleteEvent(eventId));
        return;
      }
      const deadline = await loadDeadline(db, job.key);
      if (!deadline) return; // removed since: its delete job follows
      await connection.withApi((api) => syncDeadline(db, api, deadline));
    } catch (error) {
      if (noCalendar(error)) return;
      throw calendarJobError(error);
    }
  });
}
